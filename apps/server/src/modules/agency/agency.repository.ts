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
  const deviceSubjects = DEVICE_KINDS.flatMap((kind) => [`devices:${kind}`, `devices:${kind}:offline`] as const);
  return {
    /** Projects, devices by kind and open faults: the kept counts, in one statement. */
    async keptCounts(organisationIds: number[]) {
      const counts = await scopeCounts.sums(organisationIds, [
        "projects",
        "projects:alarm",
        "faults:open",
        ...deviceSubjects,
      ] as const);
      return {
        projects: { total: counts.projects, inAlarm: counts["projects:alarm"] },
        devices: DEVICE_KINDS.map((kind) => ({
          kind,
          total: counts[`devices:${kind}`] ?? 0,
          offline: counts[`devices:${kind}:offline`] ?? 0,
        })),
        openFaults: counts["faults:open"],
      };
    },

    /** Faults raised since `since`, from the buckets. */
    async faultsSince(organisationIds: number[], since: Date) {
      return (await faults.totals({ organisationIds, from: since })).total;
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
