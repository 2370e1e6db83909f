import { useQuery } from "@tanstack/react-query";
import { getPaTos } from "@vrf/contract/account/privacy.ts";
import { call } from "../../../lib/api-client.ts";

export const privacyAgreementKey = (languageId: number) => ["privacy-agreement", languageId] as const;

export const usePrivacyAgreement = (languageId: number) =>
  useQuery({
    queryKey: privacyAgreementKey(languageId),
    queryFn: () => call(getPaTos, { languageId }, { silent: true }),
  });
