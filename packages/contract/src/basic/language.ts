import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

export const ZLanguage = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const getLanguageList = defineEndpoint({
  method: "GET",
  path: "/hmt-web/basic/getLanguageList",
  request: z.object({}),
  response: z.object({ languageList: z.array(ZLanguage) }),
});

export interface TRegion {
  code: string;
  name: string;
  children?: TRegion[];
}
export const ZRegion: z.ZodType<TRegion> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(ZRegion).optional() }),
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
