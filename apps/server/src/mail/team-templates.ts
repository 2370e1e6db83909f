import type { LanguageCode } from "@vrf/contract/constants.ts";

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export interface TeamInvitationFacts {
  organisationName: string;
  inviterEmail: string;
  /** Granted authorities: 2 Distributor Cloud, 5 Hi-Checker. */
  authorities: readonly number[];
  role: "admin" | "member";
  expiresAt: Date;
  /** Whether an account with this address exists already (it accepts at sign-in, not by registering). */
  hasAccount: boolean;
  /** The invitation's token; also the code a sign-up without the link can be matched by. */
  token: string;
  /** The web app's address (PUBLIC_URL); without it the mail names the page instead of linking it. */
  publicUrl: string | undefined;
}

const MODULE_NAMES = {
  zh: { 2: "Distributor Cloud（经销商云）", 5: "Hi-Checker" },
  en: { 2: "Distributor Cloud", 5: "Hi-Checker" },
} as const;

const TEXT = {
  zh: {
    subject: (org: string) => `邀请您加入 VRF Cloud 上的「${org}」`,
    intro: (f: TeamInvitationFacts) =>
      `${f.inviterEmail} 邀请您以${f.role === "admin" ? "管理员" : "成员"}身份加入「${f.organisationName}」。`,
    modules: "可使用的模块：",
    register: "请通过以下链接，用本邮箱注册账号，即可加入该组织：",
    registerNoLink: "请打开 VRF Cloud，选择“创建账号”，用本邮箱注册，即可加入该组织。",
    signIn: "请用本邮箱登录 VRF Cloud，登录后即可接受或拒绝该邀请：",
    signInNoLink: "请用本邮箱登录 VRF Cloud，登录后即可接受或拒绝该邀请。",
    code: "邀请码：",
    expires: (d: string) => `邀请有效期至 ${d}（UTC），且只能使用一次。如不认识邀请人，请忽略本邮件。`,
  },
  en: {
    subject: (org: string) => `You are invited to join ${org} on VRF Cloud`,
    intro: (f: TeamInvitationFacts) =>
      `${f.inviterEmail} invites you to join ${f.organisationName} as ${f.role === "admin" ? "an administrator" : "a member"}.`,
    modules: "Modules you may use:",
    register: "Create your account with this e-mail address through this link to join:",
    registerNoLink: "Open VRF Cloud, choose Create account and register with this e-mail address to join.",
    signIn: "Sign in to VRF Cloud with this e-mail address to accept or decline the invitation:",
    signInNoLink: "Sign in to VRF Cloud with this e-mail address to accept or decline the invitation.",
    code: "Invitation code:",
    expires: (d: string) =>
      `The invitation is valid until ${d} (UTC) and can be used once. If you do not know the sender, ignore this e-mail.`,
  },
} as const;

/** Where the invitee goes: the sign-up form carrying the token, or the sign-in page. */
export const teamInvitationLink = (
  publicUrl: string | undefined,
  token: string,
  hasAccount: boolean,
): string | null => {
  if (!publicUrl) return null;
  const base = publicUrl.replace(/\/+$/, "");
  return hasAccount ? `${base}/#/login` : `${base}/#/register?invitation=${encodeURIComponent(token)}`;
};

const part = (language: LanguageCode, f: TeamInvitationFacts) => {
  const t = TEXT[language];
  const link = teamInvitationLink(f.publicUrl, f.token, f.hasAccount);
  const modules = f.authorities.map((a) => MODULE_NAMES[language][a as 2 | 5] ?? String(a)).join(", ");
  const expires = f.expiresAt.toISOString().slice(0, 16).replace("T", " ");
  const how = f.hasAccount ? (link ? t.signIn : t.signInNoLink) : link ? t.register : t.registerNoLink;
  const lines = [
    t.intro(f),
    `${t.modules} ${modules}`,
    link ? `${how} ${link}` : how,
    ...(f.hasAccount ? [] : [`${t.code} ${f.token}`]),
    t.expires(expires),
  ];
  const html = [
    escapeHtml(t.intro(f)),
    `${escapeHtml(t.modules)} <strong>${escapeHtml(modules)}</strong>`,
    link ? `${escapeHtml(how)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(how),
    ...(f.hasAccount ? [] : [`${escapeHtml(t.code)} <code>${escapeHtml(f.token)}</code>`]),
    `<span style="color:#8492a6">${escapeHtml(t.expires(expires))}</span>`,
  ];
  return { subject: t.subject(f.organisationName), text: lines.join("\n\n"), html };
};

/**
 * The invitation mail: in the recipient's language when an account tells it, else Chinese
 * and English one after the other (SPEC section 9: Chinese is the default language).
 */
export const teamInvitationMail = (language: LanguageCode | null, facts: TeamInvitationFacts): Rendered => {
  const languages: LanguageCode[] = language ? [language] : ["zh", "en"];
  const parts = languages.map((l) => part(l, facts));
  const subject = parts.map((p) => p.subject).join(" / ");
  const text = `${parts.map((p) => p.text).join("\n\n----------\n\n")}\n`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d3d">` +
    parts
      .map((p) => `<h2 style="color:#2BC6C2">${escapeHtml(p.subject)}</h2>${p.html.map((x) => `<p>${x}</p>`).join("")}`)
      .join('<hr style="border:none;border-top:1px solid #e5e9f2">') +
    `<p style="color:#8492a6;font-size:12px">VRF Cloud</p></body></html>`;
  return { subject, text, html };
};
