import type { Mailer } from "../../mail/mailer.ts";
import { type RepairReportNotice, repairReportMail } from "../../mail/notification-templates.ts";
import { safeLocalTime } from "./local-time.ts";
import type { NotificationRepository } from "./notification.repository.ts";
import { addressOf, languageOf, usesDistributorCloud } from "./recipients.ts";

export type NewRepairReport = Omit<RepairReportNotice, "reportedAt" | "link"> & {
  id: number;
  organisationId: number;
  reportedAt: Date;
};

/** The report's page in the portal (hash routes), or null when the portal's address is not configured. */
export const repairReportLink = (publicUrl: string | undefined, id: number): string | null =>
  publicUrl ? `${publicUrl.replace(/\/+$/, "")}/#/equipmentCenter/RepairReportDetail?id=${id}` : null;

/** Mails a matched repair report to the organisation's users who switched repair-info on. */
export const createRepairNoticeService = (deps: {
  notifications: NotificationRepository;
  mailer: Mailer;
  publicUrl?: string | undefined;
}) => ({
  /** Resolves with the number of mails sent; one failed address does not stop the others. */
  async newReport(report: NewRepairReport): Promise<{ sent: number; failures: unknown[] }> {
    const subscribers = (await deps.notifications.repairInfoSubscribers(report.organisationId)).filter(
      usesDistributorCloud,
    );
    const failures: unknown[] = [];
    let sent = 0;
    const seen = new Set<string>();
    for (const s of subscribers) {
      const to = addressOf(s);
      // Two accounts may forward to one shared mailbox: it gets the report once.
      if (seen.has(to.toLowerCase())) continue;
      seen.add(to.toLowerCase());
      const local = safeLocalTime(report.reportedAt, s.timezone);
      const mail = repairReportMail(languageOf(s), {
        ...report,
        reportedAt: `${local.text} (${local.zone})`,
        link: repairReportLink(deps.publicUrl, report.id),
      });
      try {
        await deps.mailer.send({ to, kind: "repair-report", ...mail });
        sent += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    return { sent, failures };
  },
});

export type RepairNoticeService = ReturnType<typeof createRepairNoticeService>;
