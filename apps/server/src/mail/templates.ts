import type { LanguageCode } from "@vrf/contract/constants.ts";

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const layout = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d3d">` +
  `<h2 style="color:#2BC6C2">${escapeHtml(title)}</h2>` +
  paragraphs.map((p) => `<p>${p}</p>`).join("") +
  `<p style="color:#8492a6;font-size:12px">VRF Cloud</p></body></html>`;

const CODE_TEXT = {
  zh: {
    1: { subject: "VRF Cloud 注册验证码", intro: "您正在注册 VRF Cloud 账号，验证码为：" },
    2: { subject: "VRF Cloud 重置密码验证码", intro: "您正在重置 VRF Cloud 账号密码，验证码为：" },
    validity: "验证码 10 分钟内有效，且只能使用一次。如非本人操作，请忽略本邮件。",
  },
  en: {
    1: { subject: "Your VRF Cloud registration code", intro: "You are registering a VRF Cloud account. Your code is:" },
    2: {
      subject: "Your VRF Cloud password reset code",
      intro: "You asked to reset your VRF Cloud password. Your code is:",
    },
    validity: "The code is valid for 10 minutes and can be used once. If this was not you, ignore this e-mail.",
  },
} as const;

export const mailboxCodeMail = (language: LanguageCode, type: 1 | 2, code: string): Rendered => {
  const t = CODE_TEXT[language];
  const { subject, intro } = t[type];
  return {
    subject,
    text: `${intro} ${code}\n\n${t.validity}\n`,
    html: layout(subject, [
      escapeHtml(intro),
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      escapeHtml(t.validity),
    ]),
  };
};

const NOTICE_TEXT = {
  zh: {
    passwordChanged: {
      subject: "VRF Cloud 密码已修改",
      body: "您的账号密码已修改，其他设备上的登录已退出。如非本人操作，请立即重置密码。",
    },
    passwordReset: { subject: "VRF Cloud 密码已重置", body: "您的账号密码已重置，所有设备上的登录已退出。" },
  },
  en: {
    passwordChanged: {
      subject: "Your VRF Cloud password was changed",
      body: "Your password was changed and your other sessions were signed out. If this was not you, reset your password now.",
    },
    passwordReset: {
      subject: "Your VRF Cloud password was reset",
      body: "Your password was reset and every session was signed out.",
    },
  },
} as const;

export const accountNoticeMail = (language: LanguageCode, notice: "passwordChanged" | "passwordReset"): Rendered => {
  const { subject, body } = NOTICE_TEXT[language][notice];
  return { subject, text: `${body}\n`, html: layout(subject, [escapeHtml(body)]) };
};
