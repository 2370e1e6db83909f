import { ROLE_NUM } from "@vrf/contract/constants.ts";
import type { Caller } from "../session/session.service.ts";
import type { ScopeRepository } from "./scope.repository.ts";

/**
 * Whose records a Distributor Cloud caller may see. Every repository of the
 * module filters by `organisationIds` in SQL; a record outside it answers 404.
 */
export interface Scope {
  accountId: number;
  /** The caller's own organisation: new records are written to it. */
  organisationId: number;
  /** Own organisation first, then associated sub-distributors (a distributor only). */
  organisationIds: number[];
  roleNum: number;
}

export const createScopeService = (deps: { scopes: ScopeRepository }) => {
  /** Own organisation first; a distributor's associated sub-distributors after it. */
  const organisationIdsOf = async (who: { organisationId: number; roleNum: number }): Promise<number[]> =>
    who.roleNum === ROLE_NUM.subDistributor
      ? [who.organisationId]
      : [who.organisationId, ...(await deps.scopes.associatedChildren(who.organisationId))];

  return {
    organisationIdsOf,

    async organisationOptions(scope: Scope) {
      const rows = await deps.scopes.organisationOptions(scope.organisationIds);
      return rows.map((r) => ({ id: r.id, name: r.name, own: r.id === scope.organisationId }));
    },

    projectOptions: (scope: Scope, keyword: string | undefined, limit: number) =>
      deps.scopes.projectOptions(scope.organisationIds, keyword, limit),

    async of(caller: Caller): Promise<Scope> {
      return {
        accountId: caller.accountId,
        organisationId: caller.organisationId,
        organisationIds: await organisationIdsOf(caller),
        roleNum: caller.roleNum,
      };
    },
  };
};

export type ScopeService = ReturnType<typeof createScopeService>;
