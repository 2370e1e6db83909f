import type { LanguageCode } from "@vrf/contract/constants.ts";
import { sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { localDaySql } from "../faults/fault-day-sql.ts";

const count = sql<number>`count(*)::int`;

/** The dashboard's aggregates; every one filtered by the caller's organisations in SQL. */
export const createAgencyRepository = (db: Db) => ({
  async projects(organisationIds: number[]) {
    const row = await db
      .selectFrom("projects as p")
      .where("p.organisation_id", "in", organisationIds)
      .select([
        count.as("total"),
        sql<number>`(count(*) filter (where exists (
          select 1 from faults f where f.project_id = p.id and f.repaired_at is null
        )))::int`.as("inAlarm"),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), inAlarm: Number(row.inAlarm) };
  },

  devicesByKind(organisationIds: number[]) {
    return db
      .selectFrom("devices")
      .where("organisation_id", "in", organisationIds)
      .select(["kind", count.as("total"), sql<number>`(count(*) filter (where status = 'offline'))::int`.as("offline")])
      .groupBy("kind")
      .execute();
  },

  async faults(organisationIds: number[], since: Date) {
    const row = await db
      .selectFrom("faults")
      .where("organisation_id", "in", organisationIds)
      .select([
        sql<number>`(count(*) filter (where repaired_at is null))::int`.as("open"),
        sql<number>`(count(*) filter (where occurred_at >= ${since}))::int`.as("lastDays"),
      ])
      .executeTakeFirstOrThrow();
    return { open: Number(row.open), lastDays: Number(row.lastDays) };
  },

  faultsPerDay(organisationIds: number[], since: Date, utcOffsetMinutes: number) {
    const day = localDaySql("occurred_at", utcOffsetMinutes);
    return db
      .selectFrom("faults")
      .where("organisation_id", "in", organisationIds)
      .where("occurred_at", ">=", since)
      .select([day.as("day"), count.as("total")])
      .groupBy(day)
      .execute();
  },

  topCodes(organisationIds: number[], since: Date, language: LanguageCode, limit: number) {
    return db
      .selectFrom("faults as f")
      .leftJoin("fault_codes as c", "c.code", "f.code")
      .where("f.organisation_id", "in", organisationIds)
      .where("f.occurred_at", ">=", since)
      .select(["f.code", language === "zh" ? "c.name_zh as name" : "c.name_en as name", count.as("total")])
      .groupBy(["f.code", "c.name_zh", "c.name_en"])
      .orderBy("total", "desc")
      .orderBy("f.code")
      .limit(limit)
      .execute();
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
});

export type AgencyRepository = ReturnType<typeof createAgencyRepository>;
