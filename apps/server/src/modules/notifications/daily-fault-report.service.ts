import type { Db } from "../../db/open.ts";
import type { Mailer, MailMessage } from "../../mail/mailer.ts";
import { dailyFaultReportMail } from "../../mail/notification-templates.ts";
import type { ScopeService } from "../scope/scope.service.ts";
import { type LocalTime, localTime, safeLocalTime } from "./local-time.ts";
import type { NotificationRepository, Subscriber } from "./notification.repository.ts";
import { addressOf, languageOf, usesDistributorCloud } from "./recipients.ts";

const DAY_MS = 86_400_000;
/** A mail is a summary; the full list is one click away in Fault Analysis. */
const MAX_LINES = 100;
export const CHECK_INTERVAL_MS = 60_000;

export interface DailyRunResult {
  /** Reports stored in the mail outbox (sent at once, or retried by it). */
  sent: number;
  failures: { accountId: number; error: unknown }[];
}

/**
 * The daily fault report: at each subscriber's chosen hour in their zone, the
 * faults of the last 24 hours across the organisations they may see. The
 * daily_report_runs row decides who sends, so instances never send twice.
 */
export const createDailyFaultReportService = (deps: {
  db: Db;
  notifications: NotificationRepository;
  scope: Pick<ScopeService, "organisationIdsOf">;
  mailer: Mailer;
}) => {
  const { db, notifications, scope, mailer } = deps;

  const compose = async (s: Subscriber, local: LocalTime & { zone: string }, now: Date): Promise<MailMessage> => {
    const from = new Date(now.getTime() - DAY_MS);
    const faults = await notifications.faultsBetween(await scope.organisationIdsOf(s), from, now, MAX_LINES);
    const language = languageOf(s);
    const at = (d: Date) => localTime(d, local.zone).text;
    const mail = dailyFaultReportMail(language, {
      localDate: local.date,
      from: at(from),
      to: at(now),
      zone: local.zone,
      total: faults.total,
      lines: faults.rows.map((f) => ({
        time: at(new Date(f.occurredAt)),
        projectName: f.projectName,
        serialNumber: f.serialNumber,
        code: f.code,
        name: language === "zh" ? f.nameZh : f.nameEn,
        systemNumber: f.systemNumber,
        outdoorAddress: f.outdoorAddress,
        indoorAddress: f.indoorAddress,
        repaired: f.repairedAt !== null,
      })),
    });
    return { to: addressOf(s), kind: "daily-fault-report", ...mail };
  };

  const runOnce = async (now: Date): Promise<DailyRunResult> => {
    const due = (await notifications.dailyReportSubscribers())
      .filter(usesDistributorCloud)
      .map((s) => ({ s, local: safeLocalTime(now, s.timezone) }))
      .filter(({ s, local }) => local.hour === s.hour);
    const done = await notifications.sentRuns(
      due.map(({ s }) => s.accountId),
      [...new Set(due.map(({ local }) => local.date))],
    );
    const result: DailyRunResult = { sent: 0, failures: [] };
    for (const { s, local } of due) {
      if (done.has(`${s.accountId}:${local.date}`)) continue;
      try {
        const message = await compose(s, local, now);
        // The day's claim and its mail are one write: both land or neither does (and the
        // next check tries again), so a crash in between can neither lose nor double a report.
        const deliver = await db
          .transaction()
          .execute(async (trx) =>
            (await notifications.claimRun(s.accountId, local.date, now, trx)) ? mailer.enqueue(trx, message) : null,
          );
        if (!deliver) continue;
        await deliver();
        result.sent += 1;
      } catch (error) {
        result.failures.push({ accountId: s.accountId, error });
      }
    }
    return result;
  };

  let running: Promise<DailyRunResult> | null = null;

  return {
    /** Sends every report due at `now`; a call while one runs waits for it instead of starting another. */
    runDue(now: Date): Promise<DailyRunResult> {
      if (!running) {
        running = runOnce(now).finally(() => {
          running = null;
        });
      }
      return running;
    },
  };
};

export type DailyFaultReportService = ReturnType<typeof createDailyFaultReportService>;
