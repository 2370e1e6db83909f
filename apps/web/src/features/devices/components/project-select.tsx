import { Select } from "antd";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProjectOptions } from "../../../lib/distributor-options.ts";

interface ProjectSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** The project already chosen (an edited record), shown before the options arrive. */
  known?: { id: number; name: string; code: string } | null;
  allowClear?: boolean;
  placeholder?: string;
}

/** Projects the caller may use, searched on the server by name or project ID as the user types. */
export function ProjectSelect({ id, value, onChange, known, allowClear = true, placeholder }: ProjectSelectProps) {
  const { t } = useTranslation("devices");
  const [search, setSearch] = useState("");
  const keyword = useDeferredValue(search.trim());
  const { data, isFetching } = useProjectOptions(keyword);

  const options = useMemo(() => {
    const list = (data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
    if (known && !list.some((o) => o.value === known.id))
      list.unshift({ value: known.id, label: `${known.name} (${known.code})` });
    return list;
  }, [data, known]);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      onClear={() => setSearch("")}
      options={options}
      loading={isFetching}
      allowClear={allowClear}
      placeholder={placeholder ?? t("filters.projectPlaceholder")}
      notFoundContent={isFetching ? null : undefined}
      popupMatchSelectWidth={false}
      style={{ width: "100%" }}
    />
  );
}
