import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useOrganisationOptions } from "../../../lib/distributor-options.ts";

/** The caller's organisation and the sub-distributors associated under it. */
export function OrganisationSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const { t } = useTranslation("devices");
  const { data, isLoading } = useOrganisationOptions();
  return (
    <Select
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear
      loading={isLoading}
      placeholder={t("filters.all")}
      options={(data ?? []).map((o) => ({
        value: o.id,
        label: o.own ? `${o.name} ${t("filters.ownOrganisation")}` : o.name,
      }))}
      style={{ width: "100%" }}
    />
  );
}
