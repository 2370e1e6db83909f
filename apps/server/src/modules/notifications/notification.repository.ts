import { sql } from "kysely";
import type { Db } from "../../db/open.ts";

/** Accounts' notification choices joined with what a mail needs (address, language, zone). */
const subscribers = (db: Db) =>
  db
    .selectFrom("accounts as a")
    .innerJoin("notification_settings as s", "s.account_id", "a.id")
    .select([
      "a.id as accountId",
      "a.email as accountEmail",
      "a.name",
      "a.organisation_id as organisationId",
      "a.role_num as roleNum",
      "a.authorities",
      "a.language_id as languageId",
      "s.email",
      "s.hour",
      "s.timezone",
    ]);

export type Subscriber = Awaited<ReturnType<ReturnType<typeof subscribers>["execute"]>>[number];

export const createNotificationRepository = (db: Db) => ({
  repairInfoSubscribers: (organisationId: number) =>
    subscribers(db).where("a.organisation_id", "=", organisationId).where("s.repair_info", "=", true).execute(),

  dailyReportSubscribers: () => subscribers(db).where("s.daily_fault_report", "=", true).orderBy("a.id").execute(),

  /** "accountId:date" keys of the reports already sent for these accounts and local dates. */
  async sentRuns(accountIds: number[], dates: string[]): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set();
    const rows = await db
      .selectFrom("daily_report_runs")
      .where("account_id", "in", accountIds)
      .where("local_date", "in", dates)
      .select(["account_id as accountId", sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as("date")])
      .execute();
    return new Set(rows.map((r) => `${r.accountId}:${r.date}`));
  },

  /**
   * True for the one caller (of any instance) that gets to send this account's report of that day.
   * `trx`: the transaction that also stores the mail, so the day is claimed only if its mail is.
   */
  async claimRun(accountId: number, localDate: string, now: Date, trx: Db = db): Promise<boolean> {
    const result = await trx
      .insertInto("daily_report_runs")
      .values({ account_id: accountId, local_date: localDate, sent_at: now })
      .onConflict((oc) => oc.columns(["account_id", "local_date"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async faultsBetween(organisationIds: number[], from: Date, to: Date, limit: number) {
    const base = db
      .selectFrom("faults as f")
      .where("f.organisation_id", "in", organisationIds)
      .where("f.occurred_at", ">=", from)
      .where("f.occurred_at", "<", to);
    const [rows, total] = await Promise.all([
      base
        .innerJoin("devices as d", "d.id", "f.device_id")
        .leftJoin("projects as p", "p.id", "f.project_id")
        .leftJoin("fault_codes as c", "c.code", "f.code")
        .select([
          "f.id",
          "f.code",
          "c.name_zh as nameZh",
          "c.name_en as nameEn",
          "f.system_number as systemNumber",
          "f.outdoor_address as outdoorAddress",
          "f.indoor_address as indoorAddress",
          "f.occurred_at as occurredAt",
          "f.repaired_at as repairedAt",
          "d.serial_number as serialNumber",
          "d.kind as deviceKind",
          "p.name as projectName",
        ])
        .orderBy("f.occurred_at", "desc")
        .orderBy("f.id", "desc")
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },
});

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
export type FaultRow = Awaited<ReturnType<NotificationRepository["faultsBetween"]>>["rows"][number];
