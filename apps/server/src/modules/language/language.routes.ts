import {
  getDefaultLanguage,
  getLanguageList,
  getRegionByLang,
  setDefaultLanguage,
} from "@vrf/contract/basic/language.ts";
import type { FastifyInstance } from "fastify";
import { ACCOUNT, addRoute, PUBLIC } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function languageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, languages, accounts } = services;

  addRoute(app, sessions, getLanguageList, PUBLIC, async () => ({ languageList: await languages.list() }));
  addRoute(app, sessions, getRegionByLang, PUBLIC, async (input) => ({
    regionList: await languages.regions(input.languageId),
  }));

  addRoute(app, sessions, getDefaultLanguage, ACCOUNT, async (_input, { caller }) => {
    const account = await accounts.findById(caller.accountId);
    return { defaultLanguageId: account?.languageId ?? 0, resultCode: 0 };
  });
  addRoute(app, sessions, setDefaultLanguage, ACCOUNT, async (input, { caller }) => {
    await accounts.setLanguage(caller.accountId, input.defaultLanguageId);
    return { defaultLanguageId: input.defaultLanguageId, resultCode: 0 };
  });
}
