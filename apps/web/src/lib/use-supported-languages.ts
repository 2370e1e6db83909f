import { useQuery } from "@tanstack/react-query";
import { getLanguageList } from "@vrf/contract/basic/language.ts";
import type { LanguageCode } from "@vrf/contract/constants.ts";
import { call } from "./api-client.ts";
import { SUPPORTED_LANGUAGES } from "./i18n.ts";
import { readStorage, StorageKey, writeStorage } from "./storage.ts";
import { offeredLanguages, parseSupportLang } from "./support-lang.ts";

/**
 * The language selector's choices from the server's `getLanguageList` (public, so the sign-in
 * pages have it too), kept under `supportLang` so the next page load offers them at once; the
 * stored list is shown while it is asked for again.
 */
export const useSupportedLanguages = (): LanguageCode[] => {
  const { data } = useQuery({
    queryKey: ["supportLang"],
    queryFn: async ({ signal }) => {
      const { languageList } = await call(getLanguageList, {}, { silent: true, signal });
      writeStorage(StorageKey.supportLang, JSON.stringify(languageList));
      return languageList;
    },
    initialData: () => parseSupportLang(readStorage(StorageKey.supportLang)) ?? undefined,
    // The stored list is from an earlier visit: shown, and asked for again once.
    initialDataUpdatedAt: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return offeredLanguages(data, SUPPORTED_LANGUAGES);
};
