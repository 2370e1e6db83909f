import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

export const ZLanguage = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const getLanguageList = defineEndpoint({
  method: "GET",
  path: "/hmt-web/basic/getLanguageList",
  request: z.object({}),
  response: z.object({ languageList: z.array(ZLanguage) }),
});

/** Where the map goes when a region is chosen in a form (the location picker starts there). */
export const ZRegionCentre = z.object({
  latitude: z.number(),
  longitude: z.number(),
  zoom: z.number().int(),
});
export type TRegionCentre = z.output<typeof ZRegionCentre>;

export interface TRegion {
  code: string;
  name: string;
  /** Absent for a region nobody gave a position. */
  centre?: TRegionCentre;
  children?: TRegion[];
}
export const ZRegion: z.ZodType<TRegion> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    centre: ZRegionCentre.optional(),
    children: z.array(ZRegion).optional(),
  }),
);

export const getRegionByLang = defineEndpoint({
  method: "GET",
  path: "/hmt-web/basic/getRegionByLang",
  request: z.object({ languageId: z.coerce.number().int().min(0).max(1) }),
  response: z.object({ regionList: z.array(ZRegion) }),
});

export const getDefaultLanguage = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-lgs/get_default_language",
  request: z.object({}),
  response: z.object({ defaultLanguageId: z.number().int(), resultCode: z.number().int() }),
});

export const setDefaultLanguage = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-lgs/set_default_language",
  request: z.object({ defaultLanguageId: z.number().int().min(0).max(1) }),
  response: z.object({ defaultLanguageId: z.number().int(), resultCode: z.number().int() }),
});
