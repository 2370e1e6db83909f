import { describe, expect, it } from "vitest";
import { type TeamInvitationFacts, teamInvitationLink, teamInvitationMail } from "./team-templates.ts";

const facts: TeamInvitationFacts = {
  organisationName: "Müller & <Söhne>",
  inviterEmail: "boss@example.com",
  authorities: [5],
  role: "member",
  expiresAt: new Date("2026-03-08T08:00:00Z"),
  hasAccount: false,
  token: "tok_123",
  publicUrl: "https://portal.example.com/",
};

describe("team invitation mail", () => {
  it("is written in both languages when the recipient's is not known", () => {
    const mail = teamInvitationMail(null, facts);
    expect(mail.subject).toBe(
      "邀请您加入 VRF Cloud 上的「Müller & <Söhne>」 / You are invited to join Müller & <Söhne> on VRF Cloud",
    );
    expect(mail.text).toContain("可使用的模块： Hi-Checker");
    expect(mail.text).toContain("Modules you may use: Hi-Checker");
    expect(mail.text).toContain("https://portal.example.com/#/register?invitation=tok_123");
    expect(mail.text).toContain("Invitation code: tok_123");
    expect(mail.text).toContain("2026-03-08 08:00");
    // Names are escaped in the HTML part.
    expect(mail.html).toContain("Müller &amp; &lt;Söhne&gt;");
    expect(mail.html).not.toContain("<Söhne>");
  });

  it("is written in the recipient's language only, pointing an existing account at the sign-in", () => {
    const mail = teamInvitationMail("en", { ...facts, hasAccount: true, role: "admin", authorities: [2, 5] });
    expect(mail.subject).toBe("You are invited to join Müller & <Söhne> on VRF Cloud");
    expect(mail.text).not.toMatch(/[\u4e00-\u9fff]/);
    expect(mail.text).toContain("as an administrator");
    expect(mail.text).toContain("Distributor Cloud, Hi-Checker");
    expect(mail.text).toContain("https://portal.example.com/#/login");
    expect(mail.text).not.toContain("tok_123");
  });

  it("names the page instead of linking it without PUBLIC_URL", () => {
    expect(teamInvitationLink(undefined, "t", false)).toBeNull();
    const mail = teamInvitationMail("zh", { ...facts, publicUrl: undefined });
    expect(mail.text).toContain("请打开 VRF Cloud");
    expect(mail.text).toContain("邀请码： tok_123");
    expect(mail.text).not.toContain("http");
  });
});
