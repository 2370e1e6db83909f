import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZText } from "../rules.ts";
import { ALARM_STATES } from "./project-list.ts";

/**
 * One map point per located project, kept small: the map loads every visible
 * project at once and clusters them in the browser.
 */
export const ZProjectMapPoint = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  himit: z.number().int(),
  hidom: z.number().int(),
  smarttouch: z.number().int(),
  checker: z.number().int(),
  alarms: z.number().int(),
});
export type TProjectMapPoint = z.output<typeof ZProjectMapPoint>;

export const listProjectMapPoints = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/map_points",
  request: z.object({
    keyword: ZText(KEYWORD_MAX).optional(),
    organisationId: z.coerce.number().int().positive().optional(),
    alarmState: z.enum(ALARM_STATES).optional(),
  }),
  response: z.object({ list: z.array(ZProjectMapPoint), unlocated: z.number().int() }),
});

/** The tile server of the deployment (`MAP_TILE_URL`); null means markers on a plain background. */
export const getMapConfig = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/map_config",
  request: z.object({}),
  response: z.object({ tileUrl: z.string().nullable() }),
});
