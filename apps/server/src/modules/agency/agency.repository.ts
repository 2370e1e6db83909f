import type { LanguageCode } from "@vrf/contract/constants.ts";
import { DEVICE_KINDS } from "@vrf/contract/faults/fault-filters.ts";
import { sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { createFaultRepository } from "../faults/faults.repository.ts";
import { createScopeCountsRepository } from "../scope/scope-counts.repository.ts";

const count = sql<number>`count(*)::int`;

/**
 * The dashboard's aggregates, every one filtered by the caller's organisations in SQL and read
 * from the counts the triggers keep (0006_list_counts), not from a million fault rows.
 */
export const createAgencyRepository = (db: Db) => {
  const scopeCounts = createScopeCountsRepository(db);
  // The fault counts, with their buckets and the fallback to rows, are the fault analysis' own.
  const faults = createFaultRepository(db);
  return {
    async projects(organisationIds: number[]) {
      const counts = await scopeCounts.sums(organisationIds, ["projects", "projects:alarm"] as const);
      return { total: counts.projects, inAlarm: counts["projects:alarm"] };
    },

    async devicesByKind(organisationIds: number[]) {
      const subjects = DEVICE_KINDS.flatMap((kind) => [`devices:${kind}`, `devices:${kind}:offline`]);
      const counts = await scopeCounts.sums(organisationIds, subjects);
      return DEVICE_KINDS.map((kind) => ({
        kind,
        total: counts[`devices:${kind}`] ?? 0,
        offline: counts[`devices:${kind}:offline`] ?? 0,
      }));
    },

    async faults(organisationIds: number[], since: Date) {
      const [open, lastDays] = await Promise.all([
        scopeCounts.sum(organisationIds, "faults:open"),
        faults.totals({ organisationIds, from: since }),
      ]);
      return { open, lastDays: lastDays.total };
    },

    faultsPerDay: (organisationIds: number[], since: Date, utcOffsetMinutes: number) =>
      faults.byDay({ organisationIds, from: since }, utcOffsetMinutes),

    async topCodes(organisationIds: number[], since: Date, language: LanguageCode, limit: number) {
      return (await faults.byCode({ organisationIds, from: since }, language)).slice(0, limit);
    },

    repairReportsByStatus(organisationIds: number[]) {
      return db
        .selectFrom("repair_reports")
        .where("organisation_id", "in", organisationIds)
        .select(["status", count.as("total")])
        .groupBy("status")
        .execute();
    },

    subDistributorsByStatus(parentOrganisationId: number) {
      return db
        .selectFrom("sub_distributor_links")
        .where("parent_organisation_id", "=", parentOrganisationId)
        .select(["status", count.as("total")])
        .groupBy("status")
        .execute();
    },
  };
};

export type AgencyRepository = ReturnType<typeof createAgencyRepository>;
