import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { SubDistributorStatus } from "@vrf/contract/sub-distributors/sub-distributors.ts";

/**
 * Mails of the sub-distributor review states, sent to the side that did not act: the
 * invitation (submitted for review) and its release go to the invited account, the
 * answer (accepted or returned) to the distributor's account that submitted it. Each
 * is written in the recipient's language with the other language below it, because
 * the two organisations often do not share one and the mail may be forwarded.
 */
interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** The transitions that are mailed; adding and deleting a draft stay between the distributor and its list. */
export type MailedTransition = "invited" | "accepted" | "returned" | "released";

export interface SubDistributorNotice {
  transition: MailedTransition;
  /** The inviting distributor's organisation. */
  parentOrganisation: string;
  /** The invited (sub-)distributor's organisation. */
  childOrganisation: string;
  /** The account that acted, by e-mail. */
  actorEmail: string;
  /** Why the invitation was returned (only for "returned"). */
  reason?: string | null | undefined;
  /** The sub-distributor management page, when the portal's public address is known. */
  link: string | null;
}

/** The status each mailed transition leads to. */
export const STATUS_AFTER: Readonly<Record<MailedTransition, SubDistributorStatus>> = {
  invited: 1,
  accepted: 2,
  returned: 4,
  released: 3,
};

/** The web's status words (locales subDistributors.status), repeated here for the mail. */
const STATUS_WORDS: Record<LanguageCode, Record<SubDistributorStatus, string>> = {
  zh: { 0: "已添加未提交", 1: "审核中", 2: "已关联", 3: "已解除", 4: "已退回" },
  en: { 0: "Added, not submitted", 1: "Under review", 2: "Associated", 3: "Released", 4: "Returned" },
};

type Parts = { parent: string; child: string; actor: string };

const TEXT: Record<
  LanguageCode,
  {
    subject: Record<MailedTransition, (p: Parts) => string>;
    body: Record<MailedTransition, (p: Parts) => string>;
    status: string;
    /** The subject's lead: the new status, so an inbox list shows it. */
    tag: (status: string) => string;
    reason: string;
    open: string;
    footer: string;
  }
> = {
  zh: {
    subject: {
      invited: (p) => `${p.parent} 邀请 ${p.child} 成为其二级经销商`,
      accepted: (p) => `${p.child} 已接受 ${p.parent} 的二级经销商邀请`,
      returned: (p) => `${p.child} 已退回 ${p.parent} 的二级经销商邀请`,
      released: (p) => `${p.parent} 已解除与 ${p.child} 的二级经销商关联`,
    },
    body: {
      invited: (p) =>
        `${p.parent}（${p.actor}）邀请您的组织 ${p.child} 成为其二级经销商。接受后，${p.parent} 可以查看您的项目、设备和报修。请在 Distributor Cloud 的「二级经销商管理」→「邀请」中接受或退回。`,
      accepted: (p) =>
        `${p.child}（${p.actor}）已接受您的邀请，现在是 ${p.parent} 的二级经销商，您可以查看其项目、设备和报修。`,
      returned: (p) => `${p.child}（${p.actor}）已退回您的二级经销商邀请。您可以稍后再次邀请。`,
      released: (p) =>
        `${p.parent}（${p.actor}）已解除与您的组织 ${p.child} 的二级经销商关联。${p.parent} 不再能查看您的项目、设备和报修，您组织的账号恢复为经销商账号。`,
    },
    status: "新状态",
    tag: (status) => `【${status}】`,
    reason: "退回原因",
    open: "打开二级经销商管理：",
    footer: "此邮件由 VRF Cloud 自动发送，请勿直接回复。",
  },
  en: {
    subject: {
      invited: (p) => `${p.parent} invites ${p.child} to become its sub-distributor`,
      accepted: (p) => `${p.child} accepted the sub-distributor invitation of ${p.parent}`,
      returned: (p) => `${p.child} returned the sub-distributor invitation of ${p.parent}`,
      released: (p) => `${p.parent} released ${p.child} as its sub-distributor`,
    },
    body: {
      invited: (p) =>
        `${p.parent} (${p.actor}) invites your organisation ${p.child} to become its sub-distributor. Once you accept, ${p.parent} sees your projects, devices and repair reports. Accept or return it under Sub-distributor management → Invitations in Distributor Cloud.`,
      accepted: (p) =>
        `${p.child} (${p.actor}) accepted your invitation and is now a sub-distributor of ${p.parent}: you see its projects, devices and repair reports.`,
      returned: (p) =>
        `${p.child} (${p.actor}) returned your sub-distributor invitation. You can invite it again later.`,
      released: (p) =>
        `${p.parent} (${p.actor}) released your organisation ${p.child} as its sub-distributor. ${p.parent} no longer sees your projects, devices and repair reports, and your organisation's accounts are distributor accounts again.`,
    },
    status: "New status",
    tag: (status) => `[${status}] `,
    reason: "Return reason",
    open: "Open sub-distributor management:",
    footer: "This e-mail was sent by VRF Cloud automatically; please do not reply to it.",
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const OTHER: Record<LanguageCode, LanguageCode> = { zh: "en", en: "zh" };

/** One language's part of the mail: the sentence, the new status, the reason and the link. */
const section = (language: LanguageCode, n: SubDistributorNotice) => {
  const t = TEXT[language];
  const parts: Parts = { parent: n.parentOrganisation, child: n.childOrganisation, actor: n.actorEmail };
  const status = STATUS_WORDS[language][STATUS_AFTER[n.transition]];
  const subject = t.tag(status) + t.subject[n.transition](parts);
  const lines: [string, string][] = [[t.status, status]];
  if (n.transition === "returned" && n.reason) lines.push([t.reason, n.reason]);
  const body = t.body[n.transition](parts);
  // Each part opens with its own subject line: the second language's reader has no other.
  const text =
    `${subject}\n\n${body}\n\n${lines.map(([label, value]) => `${label}: ${value}`).join("\n")}\n` +
    (n.link ? `\n${t.open} ${n.link}\n` : "");
  const html =
    `<h2 style="color:#2BC6C2">${escapeHtml(subject)}</h2>` +
    `<p>${escapeHtml(body)}</p>` +
    lines
      .map(
        ([label, value]) =>
          `<p><span style="color:#8492a6">${escapeHtml(label)}:</span> <strong style="white-space:pre-wrap">${escapeHtml(value)}</strong></p>`,
      )
      .join("") +
    (n.link ? `<p>${escapeHtml(t.open)} <a href="${escapeHtml(n.link)}">${escapeHtml(n.link)}</a></p>` : "");
  return { subject, text, html, footer: t.footer };
};

/** The mail in `language` first, the other language below a rule. */
export const subDistributorMail = (language: LanguageCode, notice: SubDistributorNotice): Rendered => {
  const first = section(language, notice);
  const second = section(OTHER[language], notice);
  return {
    subject: first.subject,
    text: `${first.text}\n----------\n\n${second.text}\n${first.footer}\n${second.footer}\n`,
    html:
      `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d3d;max-width:760px">` +
      `<div lang="${language}">${first.html}</div><hr style="border:none;border-top:1px solid #ebeef5">` +
      `<div lang="${OTHER[language]}">${second.html}</div>` +
      `<p style="color:#8492a6;font-size:12px">${escapeHtml(first.footer)}<br>${escapeHtml(second.footer)}</p>` +
      `</body></html>`,
  };
};

/**
 * The web's sub-distributor management page (hash routes) on the tab the recipient acts on:
 * the invited side answers under Invitations. Null without the portal's address.
 */
export const subDistributorLink = (publicUrl: string | undefined, transition: MailedTransition): string | null =>
  publicUrl
    ? `${publicUrl.replace(/\/+$/, "")}/#/platformCenter/distributorManagement` +
      (transition === "invited" ? "?tab=invitations" : "")
    : null;
