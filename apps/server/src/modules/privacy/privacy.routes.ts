import { checkPaTos, getPaTos, updatePaTos } from "@vrf/contract/account/privacy.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../app-error.ts";
import { ACCOUNT, addRoute, PUBLIC } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function privacyRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, privacy, accounts } = services;

  const current = async () => {
    const version = await privacy.currentVersion();
    if (version === null) throw new AppError(Errors.privacyAgreementMissing);
    return version;
  };

  addRoute(app, sessions, getPaTos, PUBLIC, async (input) => {
    const agreement =
      (await privacy.latest(input.languageId)) ?? (await privacy.latest(input.languageId === 0 ? 1 : 0));
    if (!agreement) throw new AppError(Errors.privacyAgreementMissing);
    return { ...agreement, publishedAt: agreement.publishedAt.toISOString() };
  });

  addRoute(app, sessions, checkPaTos, ACCOUNT, async (_input, { caller }) => {
    const currentVersion = await current();
    const account = await accounts.findById(caller.accountId);
    const acceptedVersion = account?.privacyVersion ?? null;
    return { accepted: acceptedVersion !== null && acceptedVersion >= currentVersion, acceptedVersion, currentVersion };
  });

  addRoute(app, sessions, updatePaTos, ACCOUNT, async (input, { caller }) => {
    // Agreeing to a text the user did not see is no agreement: only the current version is accepted.
    if (input.version !== (await current())) throw new AppError(Errors.privacyVersionOutdated);
    await accounts.setPrivacyVersion(caller.accountId, input.version);
    return { accepted: true as const, acceptedVersion: input.version };
  });
}
