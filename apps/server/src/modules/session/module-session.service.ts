import { ROLE_NUM } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { AccountRepository } from "../account/account.repository.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { MenuRepository } from "./menu.repository.ts";
import { buildMenuTree } from "./menu-tree.ts";
import type { Caller, SessionService } from "./session.service.ts";

/**
 * A sub-distributor does not manage sub-distributors of its own, nor read the
 * security log or the web app's error log (the server refuses all three; the menu
 * just leaves them out).
 */
const HIDDEN_FOR_SUB_DISTRIBUTOR = new Set([
  "distributorManagement",
  "securityEvents",
  "clientErrors",
  "deviceDeadLetters",
]);

/** Only a team administrator manages the team (the team routes refuse everyone else). */
const ADMIN_ONLY = ["teamMembers"];

export const createModuleSessionService = (deps: {
  sessions: SessionService;
  accounts: AccountRepository;
  menus: MenuRepository;
  securityEvents: Pick<SecurityEventService, "record">;
}) => {
  const { sessions, accounts, menus, securityEvents } = deps;
  return {
    /** The new module session is logged before its token is handed out: no session goes unrecorded. */
    async login(caller: Caller, authorityNum: number, client: ClientInfo) {
      const { token } = await sessions.issueModule(caller, authorityNum);
      await securityEvents.record({
        organisationId: caller.organisationId,
        accountId: caller.accountId,
        email: caller.email,
        type: "moduleSession",
        ...client,
        detail: { authorityNum },
      });
      return { token };
    },

    /** `/auth-redirect`: the handed sign-in stays with the sibling; this browser gets its own. */
    async handover(caller: Caller, client: ClientInfo) {
      const { token } = await sessions.issueHandover(caller);
      await securityEvents.record({
        organisationId: caller.organisationId,
        accountId: caller.accountId,
        email: caller.email,
        type: "signInHandover",
        ...client,
      });
      return {
        accessToken: token,
        customerId: caller.customerId,
        account: caller.email,
        name: caller.name,
        roles: caller.authorities.join(","),
      };
    },

    async authority(caller: Caller & { authorityNum: number }) {
      const account = await accounts.findById(caller.accountId);
      if (!account) throw new AppError(Errors.accountTokenInvalid);
      const rows = await menus.forAuthority(caller.authorityNum);
      const exclude = new Set<string>(caller.roleNum === ROLE_NUM.subDistributor ? HIDDEN_FOR_SUB_DISTRIBUTOR : []);
      if (account.teamRole !== "admin") for (const name of ADMIN_ONLY) exclude.add(name);
      return {
        customerId: caller.customerId,
        account: account.email,
        name: account.name,
        avatar: "",
        roleNum: account.roleNum,
        authorityNum: caller.authorityNum as 2 | 5,
        roles: account.authorities,
        rememberSelect: account.rememberSelect,
        languageId: account.languageId,
        checkerMenuEntityList: buildMenuTree(rows, exclude),
      };
    },

    async remembered(caller: Caller, customerId: string) {
      // Another account's choice is not ours to read: answer as if it did not exist.
      if (customerId !== caller.customerId) throw new AppError(Errors.notFound);
      const account = await accounts.findById(caller.accountId);
      if (!account) throw new AppError(Errors.accountTokenInvalid);
      return {
        rememberSelect: account.rememberSelect === 1 ? (1 as const) : (2 as const),
        selectMode: account.selectMode,
      };
    },

    async remember(caller: Caller, rememberSelect: 1 | 2, selectMode: number | null) {
      if (rememberSelect === 1 && (selectMode === null || !caller.authorities.includes(selectMode))) {
        throw new AppError(Errors.authorityNotGranted);
      }
      const mode = rememberSelect === 1 ? selectMode : null;
      await accounts.setRemember(caller.accountId, rememberSelect, mode);
      return { rememberSelect, selectMode: mode };
    },
  };
};

export type ModuleSessionService = ReturnType<typeof createModuleSessionService>;
