import type { TestApp } from "./test-app.ts";

export const TEAM = "/hmt-web/distributor/team";
export const JOIN = "/hmt-web/account/team";
export const REGIST = "/account/acc/mailbox_regist";

export interface Page<T> {
  list: T[];
  total: number;
}
export interface Member {
  id: number;
  email: string;
  authorities: number[];
  role: "admin" | "member";
  self: boolean;
}
export interface Invitation {
  id: number;
  email: string;
  authorities: number[];
  role: "admin" | "member";
  invitedBy: string;
  expiresAt: string;
  expired: boolean;
}

/** Registers an address with a fresh e-mail code; answers the envelope. */
export async function register(
  t: TestApp,
  email: string,
  extra: { companyName?: string; invitationToken?: string } = { companyName: "Acme Trading" },
  password = "Secret99",
) {
  await t.post("/account/acc/get_mailbox_code", { email, type: 1 });
  const code = await t.outbox.latestCode(email);
  return t.post<{ customerId: string; organisationName: string; joined: boolean }>(REGIST, {
    email,
    code,
    password,
    ...extra,
  });
}

/** The invitation token in the latest mail to `email` (its "code" line). */
export async function invitationTokenFor(t: TestApp, email: string): Promise<string> {
  const mails = (await t.outbox.messages()).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  const mail = mails.at(-1);
  const token = mail && /(?:Invitation code:|邀请码：)\s*(\S+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation code in the mail to ${email}`);
  return token;
}

export const accountOf = (t: TestApp, email: string) =>
  t.db
    .selectFrom("accounts as a")
    .innerJoin("organisations as o", "o.id", "a.organisation_id")
    .where("a.email", "=", email)
    .select(["a.id", "a.organisation_id as organisationId", "a.authorities", "a.team_role as teamRole", "o.name"])
    .executeTakeFirstOrThrow();
