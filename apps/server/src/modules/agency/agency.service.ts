import { DASHBOARD_DAYS, type TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { type LanguageCode, ROLE_NUM } from "@vrf/contract/constants.ts";
import { DEVICE_KINDS } from "@vrf/contract/faults/fault-filters.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import { fillDays, lastDays, startOfLocalDay } from "../faults/fault-days.ts";
import type { Scope } from "../scope/scope.service.ts";
import { createAgencyRepository } from "./agency.repository.ts";

const TOP_CODES = 7;

/** Counts indexed by status (0..size-1), zero where no row has that status. */
const byStatus = (rows: { status: number; total: number }[], size: number): number[] =>
  Array.from({ length: size }, (_, status) => Number(rows.find((r) => r.status === status)?.total ?? 0));

export const createAgencyService = (deps: { db: Db; clock: Clock }) => {
  const agency = createAgencyRepository(deps.db);

  return {
    async dashboard(scope: Scope, utcOffsetMinutes: number, language: LanguageCode): Promise<TAgencyDashboard> {
      const ids = scope.organisationIds;
      const window = lastDays(deps.clock.now(), DASHBOARD_DAYS, utcOffsetMinutes);
      const since = startOfLocalDay(window.first, utcOffsetMinutes);
      const [kept, raisedSince, perDay, topCodes, reports, links] = await Promise.all([
        agency.keptCounts(ids),
        agency.faultsSince(ids, since),
        agency.faultsPerDay(ids, since, utcOffsetMinutes),
        agency.topCodes(ids, since, language, TOP_CODES),
        agency.repairReportsByStatus(ids),
        // A sub-distributor has no sub-distributors of its own.
        scope.roleNum === ROLE_NUM.subDistributor ? null : agency.subDistributorsByStatus(scope.organisationId),
      ]);
      return {
        projects: kept.projects,
        devices: DEVICE_KINDS.map((kind) => {
          const row = kept.devices.find((d) => d.kind === kind);
          const total = Number(row?.total ?? 0);
          const offline = Number(row?.offline ?? 0);
          return { kind, total, online: total - offline, offline };
        }),
        faults: { open: kept.openFaults, lastDays: raisedSince },
        repairReports: byStatus(reports, 3),
        subDistributors: links ? byStatus(links, 5) : null,
        faultsPerDay: fillDays(
          perDay.map((d) => ({ day: d.day, total: Number(d.total) })),
          window.first,
          window.last,
          { total: 0 },
        ),
        topCodes: topCodes.map((c) => ({ code: c.code, name: c.name ?? null, total: Number(c.total) })),
      };
    },
  };
};

export type AgencyService = ReturnType<typeof createAgencyService>;
