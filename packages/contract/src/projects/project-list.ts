import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZText } from "../rules.ts";
import { ZDeviceCounts } from "./project-fields.ts";

/** Columns the list may be sorted by; anything else falls back to newest first. */
export const PROJECT_SORT_FIELDS = [
  "name",
  "code",
  "organisationName",
  "countryName",
  "cityName",
  "alarmCount",
  "createdAt",
] as const;
export type TProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];

export const ALARM_STATES = ["alarm", "normal"] as const;

/** The list's filters; the export takes the same ones. */
export const ZProjectFilters = z.object({
  keyword: ZText(KEYWORD_MAX).optional(),
  countryCode: ZText(16).optional(),
  cityCode: ZText(16).optional(),
  organisationId: z.coerce.number().int().positive().optional(),
  alarmState: z.enum(ALARM_STATES).optional(),
});
export type TProjectFilters = z.input<typeof ZProjectFilters>;

export const ZProjectListRequest = ZPageRequest.extend({
  ...ZProjectFilters.shape,
  sort: z.enum(PROJECT_SORT_FIELDS).optional(),
});

export const ZProjectListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  address: z.string(),
  contactPerson: z.string(),
  contactPhone: z.string(),
  devices: ZDeviceCounts,
  alarmCount: z.number().int(),
  createdAt: z.string(),
});
export type TProjectListItem = z.output<typeof ZProjectListItem>;

export const listProjects = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/project/list",
  request: ZProjectListRequest,
  response: ZPage(ZProjectListItem),
});

/** The same filters and order as the list, every matching row, as an xlsx file. */
export const exportProjects = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/project/export",
  request: ZProjectFilters.extend({
    sort: z.enum(PROJECT_SORT_FIELDS).optional(),
    order: z.enum(["ascend", "descend"]).optional(),
  }),
  response: z.instanceof(Blob),
});

/** More rows than this is not a spreadsheet a person opens; narrow the filters instead. */
export const PROJECT_EXPORT_MAX_ROWS = 50_000;
