import { useQuery } from "@tanstack/react-query";
import { getRegionByLang } from "@vrf/contract/basic/language.ts";
import { call } from "./api-client.ts";

/** Countries with their cities in one language; they do not change while the app runs. */
export const useRegions = (languageId: number) =>
  useQuery({
    queryKey: ["regions", languageId],
    queryFn: async () => (await call(getRegionByLang, { languageId }, { silent: true })).regionList,
    staleTime: Number.POSITIVE_INFINITY,
  });
