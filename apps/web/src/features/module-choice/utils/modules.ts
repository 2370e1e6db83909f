import type { AuthorityNum } from "@vrf/contract/constants.ts";

export interface ModuleDefinition {
  authorityNum: AuthorityNum;
  /** Locale key under `modules.` in the moduleChoice namespace. */
  key: "distributor" | "checker";
  home: string;
  highlights: readonly string[];
}

/** The two modules an account can hold, in the order they are offered. */
export const MODULES: readonly ModuleDefinition[] = [
  { authorityNum: 2, key: "distributor", home: "/agency", highlights: ["projects", "devices", "repairReports"] },
  { authorityNum: 5, key: "checker", home: "/dashboard", highlights: ["liveSystems", "tasks", "reports"] },
];

export const moduleOf = (authorityNum: AuthorityNum): ModuleDefinition =>
  MODULES.find((m) => m.authorityNum === authorityNum) ?? (MODULES[0] as ModuleDefinition);

/**
 * Where to go once a module is entered: the waiting in-app redirect when it belongs to that
 * module (or to no module in particular), otherwise the module's home. `rolesOfPath` says
 * which authorities a path is open to, `null` when the path is not a module page.
 */
export const entryPath = (
  authorityNum: AuthorityNum,
  redirect: string | null,
  rolesOfPath: (path: string) => readonly number[] | null,
): string => {
  if (!redirect) return moduleOf(authorityNum).home;
  const roles = rolesOfPath(redirect.split(/[?#]/, 1)[0] ?? redirect);
  return roles === null || roles.includes(authorityNum) ? redirect : moduleOf(authorityNum).home;
};

export type Greeting = "morning" | "afternoon" | "evening";

export const greetingOf = (hour: number): Greeting => (hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening");
