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

export const createScopeService = (deps: { scopes: ScopeRepository }) => ({
  async organisationOptions(scope: Scope) {
    const rows = await deps.scopes.organisationOptions(scope.organisationIds);
    return rows.map((r) => ({ id: r.id, name: r.name, own: r.id === scope.organisationId }));
  },

  projectOptions: (scope: Scope, keyword: string | undefined, limit: number) =>
    deps.scopes.projectOptions(scope.organisationIds, keyword, limit),

  async of(caller: Caller): Promise<Scope> {
    const children =
      caller.roleNum === ROLE_NUM.subDistributor ? [] : await deps.scopes.associatedChildren(caller.organisationId);
    return {
      accountId: caller.accountId,
      organisationId: caller.organisationId,
      organisationIds: [caller.organisationId, ...children],
      roleNum: caller.roleNum,
    };
  },
});

export type ScopeService = ReturnType<typeof createScopeService>;
