import { KEYWORD_MAX } from "@vrf/contract/rules.ts";
import { Select } from "antd";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTaskChecker, useTaskCheckers } from "../api/use-task-checkers.ts";
import { CheckerStatusTag } from "./checker-status-tag.tsx";

interface CheckerChoice {
  id: number;
  alias: string;
  deviceCode: string;
  status: string;
}

interface CheckerSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder: string;
  allowClear?: boolean;
  /** Choosing the checker of a new task: an offline checker is shown but cannot be chosen. */
  forNewTask?: boolean;
}

function CheckerOption({ checker }: { checker: CheckerChoice }) {
  return (
    <span className="checker-tasks-option">
      <span>{checker.alias || checker.deviceCode}</span>
      {checker.alias ? <span className="checker-tasks-mono checker-tasks-muted">{checker.deviceCode}</span> : null}
      <CheckerStatusTag status={checker.status} />
    </span>
  );
}

/**
 * The caller's checkers with their state, searched on the server by alias, device ID or serial
 * number as the user types. A checker chosen before (a link's `deviceId`) that is not among the
 * first choices is named from its own record.
 */
export function CheckerSelect({ id, value, onChange, placeholder, allowClear, forNewTask }: CheckerSelectProps) {
  const { t } = useTranslation("checkerTasks");
  const [search, setSearch] = useState("");
  const keyword = useDeferredValue(search.trim().slice(0, KEYWORD_MAX));
  const choices = useTaskCheckers(keyword);
  const rows = choices.data?.list ?? [];
  const chosen = value ?? null;
  const listed = chosen !== null && rows.some((row) => row.id === chosen);
  const known = useTaskChecker(chosen, !listed && choices.isSuccess);

  const options = useMemo(() => {
    const list: CheckerChoice[] = [...rows];
    if (chosen !== null && !listed && known.data) list.unshift(known.data);
    return list.map((checker) => ({
      value: checker.id,
      label: <CheckerOption checker={checker} />,
      disabled: forNewTask === true && checker.status === "offline",
      title: checker.alias || checker.deviceCode,
    }));
  }, [rows, chosen, listed, known.data, forNewTask]);

  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={chosen ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      onClear={() => setSearch("")}
      options={options}
      loading={choices.isFetching}
      allowClear={allowClear}
      placeholder={placeholder}
      notFoundContent={choices.isFetching ? null : t("form.noCheckers")}
      popupMatchSelectWidth={false}
      style={{ width: "100%" }}
    />
  );
}
