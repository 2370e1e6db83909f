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
  /**
   * A Hi-Checker engineer's account: the checkers bound to it (by e-mail, at registration) are in
   * scope too, whatever organisation they belong to.
   */
  boundAccountId?: number;
}

/** Own organisation first; a distributor's associated sub-distributors after it. */
const scopeOf = (who: { organisationId: number; roleNum: number }, associated: () => number[]): number[] =>
  who.roleNum === ROLE_NUM.subDistributor ? [who.organisationId] : [who.organisationId, ...associated()];

export const createScopeService = (deps: { scopes: ScopeRepository }) => {
  /** For callers without a session at hand (the daily report, the live socket's re-reads). */
  const organisationIdsOf = async (who: { organisationId: number; roleNum: number }): Promise<number[]> => {
    const associated =
      who.roleNum === ROLE_NUM.subDistributor ? [] : await deps.scopes.associatedChildren(who.organisationId);
    return scopeOf(who, () => associated);
  };

  return {
    organisationIdsOf,

    async organisationOptions(scope: Scope) {
      const rows = await deps.scopes.organisationOptions(scope.organisationIds);
      return rows.map((r) => ({ id: r.id, name: r.name, own: r.id === scope.organisationId }));
    },

    projectOptions: (scope: Scope, keyword: string | undefined, limit: number) =>
      deps.scopes.projectOptions(scope.organisationIds, keyword, limit),

    /** The caller's scope, from what the session lookup already read (no query of its own). */
    async of(caller: Caller): Promise<Scope> {
      return {
        accountId: caller.accountId,
        organisationId: caller.organisationId,
        organisationIds: scopeOf(caller, () => caller.associatedOrganisationIds),
        roleNum: caller.roleNum,
      };
    },
  };
};

export type ScopeService = ReturnType<typeof createScopeService>;

/**
 * Whose checkers a Hi-Checker (authority 5) caller may see. An account that also has Distributor
 * Cloud (authority 2) is the distributor's: its channel's checkers, as there. An engineer's account
 * (authority 5 only) sees its organisation's checkers and those bound to it. From the session, no
 * query.
 */
export const checkerScopeOf = (caller: Caller): Scope => {
  const who = { accountId: caller.accountId, organisationId: caller.organisationId, roleNum: caller.roleNum };
  return caller.authorities.includes(2)
    ? { ...who, organisationIds: scopeOf(caller, () => caller.associatedOrganisationIds) }
    : { ...who, organisationIds: [caller.organisationId], boundAccountId: caller.accountId };
};

/** The organisations a Distributor Cloud caller's lists read, own first; from the session, no query. */
export const scopeIdsOf = (caller: Caller): number[] => scopeOf(caller, () => caller.associatedOrganisationIds);
