import { beforeAll, describe, expect, it } from "vitest";
import { i18n, loadLanguage } from "../../../lib/i18n.ts";
import { describeDetail, eventTypeName } from "./event-detail.ts";

// A page loads only its own language; these checks read both.
beforeAll(async () => {
  await Promise.all([loadLanguage("en"), loadLanguage("zh")]);
});

const inBoth = (run: (t: typeof i18n.t) => string) => {
  const result: Record<string, string> = {};
  for (const language of ["en", "zh"] as const) result[language] = run(i18n.getFixedT(language));
  return result;
};

describe("security event texts", () => {
  it("names each event type in both languages, and shows an unknown one as sent", () => {
    expect(inBoth((t) => eventTypeName(t, "signInFailed"))).toEqual({ en: "Sign-in failed", zh: "登录失败" });
    expect(inBoth((t) => eventTypeName(t, "somethingNew"))).toEqual({ en: "somethingNew", zh: "somethingNew" });
  });

  it("turns each kind of detail into a sentence", () => {
    expect(inBoth((t) => describeDetail(t, { type: "moduleSession", detail: { authorityNum: 2 } }))).toEqual({
      en: "Entered Distributor Cloud",
      zh: "进入经销商云平台",
    });
    expect(
      describeDetail(i18n.getFixedT("en"), {
        type: "subDistributorTransition",
        detail: {
          from: null,
          to: 0,
          subDistributorEmail: "sub@example.com",
          parentOrganisation: "Parent Co",
          childOrganisation: "Child Co",
        },
      }),
    ).toBe("Child Co (sub@example.com) under Parent Co: New → Added");
    expect(
      describeDetail(i18n.getFixedT("zh"), {
        type: "roleChanged",
        detail: { from: 1, to: 3, parentOrganisation: "Parent Co" },
      }),
    ).toBe("经销商 → 二级经销商（上级：Parent Co）");
    expect(describeDetail(i18n.getFixedT("en"), { type: "export", detail: { what: "projects", rows: 12 } })).toBe(
      "Projects, 12 records",
    );
    expect(
      describeDetail(i18n.getFixedT("zh"), { type: "deviceCredentials", detail: { serialNumber: "HI2026100001" } }),
    ).toBe("为设备 HI2026100001 签发新密码");
    expect(
      describeDetail(i18n.getFixedT("en"), {
        type: "deviceRemoved",
        detail: { kind: "hidom", serialNumber: "HD2026100002", projectCode: "P20260001" },
      }),
    ).toBe("Hi-Dom HD2026100002 removed from project P20260001");
    expect(describeDetail(i18n.getFixedT("en"), { type: "signInFailed", detail: { reason: "wrongPassword" } })).toBe(
      "Reason: wrong password",
    );
  });

  it("lists the values of a detail it has no sentence for", () => {
    expect(describeDetail(i18n.getFixedT("en"), { type: "lockout", detail: { until: "10:00", tries: 5 } })).toBe(
      "until: 10:00, tries: 5",
    );
    expect(describeDetail(i18n.getFixedT("en"), { type: "signIn", detail: {} })).toBe("");
  });
});
