import { Input, Select } from "antd";
import type { TFunction } from "i18next";
import { type ProjectRef, projectNamed } from "../utils/device-display.ts";
import type { FilterField } from "./filter-bar.tsx";
import { OrganisationSelect } from "./organisation-select.tsx";
import { ProjectSelect } from "./project-select.tsx";

/** A select over fixed values whose labels live under `<prefix>.<value>` in the devices namespace. */
export const choiceField = (
  t: TFunction<"devices">,
  field: { name: string; label: string; values: readonly string[]; prefix: string },
): FilterField => ({
  name: field.name,
  label: t(field.label),
  control: (
    <Select
      allowClear
      placeholder={t("filters.all")}
      options={field.values.map((value) => ({ value, label: t(`${field.prefix}.${value}`) }))}
    />
  ),
});

/**
 * The filters every device list has: search, status, project and, for a
 * distributor with sub-distributors, whose device it is.
 */
export const deviceFilterFields = (
  t: TFunction<"devices">,
  options: {
    keywordPlaceholder: string;
    statuses: readonly string[];
    /** The loaded page, so a project chosen from the address shows its name before the search does. */
    rows: readonly { project: ProjectRef | null }[] | undefined;
    projectId: string | undefined;
    hasSubDistributors: boolean;
  },
) => ({
  keyword: {
    name: "keyword",
    label: t("filters.keyword"),
    wide: true,
    control: <Input allowClear placeholder={t(options.keywordPlaceholder)} maxLength={100} />,
  } satisfies FilterField,
  status: choiceField(t, { name: "status", label: "filters.status", values: options.statuses, prefix: "status" }),
  project: {
    name: "projectId",
    label: t("filters.project"),
    control: <ProjectSelect known={projectNamed(options.rows, options.projectId)} />,
  } satisfies FilterField,
  organisation: options.hasSubDistributors
    ? [{ name: "organisationId", label: t("filters.distributor"), control: <OrganisationSelect /> }]
    : [],
});
