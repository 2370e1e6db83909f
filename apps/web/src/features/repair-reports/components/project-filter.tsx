import { Select } from "antd";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProjectOptions } from "../../../lib/distributor-options.ts";

interface ProjectFilterProps {
  value: number | null;
  /** The chosen project's name when known from the rows, so the box shows it before the options arrive. */
  knownName: string | null;
  onChange: (value: number | null) => void;
  id?: string;
}

/** Projects the caller may see, searched on the server as the user types. */
export function ProjectFilter({ value, knownName, onChange, id }: ProjectFilterProps) {
  const { t } = useTranslation("repairReports");
  const [search, setSearch] = useState("");
  const keyword = useDeferredValue(search.trim());
  const { data, isFetching } = useProjectOptions(keyword);

  const options = useMemo(() => {
    const list = (data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
    if (value !== null && knownName && !list.some((o) => o.value === value)) {
      list.unshift({ value, label: knownName });
    }
    return list;
  }, [data, value, knownName]);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange(v ?? null)}
      onClear={() => setSearch("")}
      options={options}
      loading={isFetching}
      allowClear
      placeholder={t("filters.allProjects")}
      popupMatchSelectWidth={false}
      style={{ width: "100%" }}
    />
  );
}
