import { describe, expect, it } from "vitest";
import { buildRequest, commonData, isPublicCall, toQueryString } from "./request-builder.ts";

const common = commonData({ now: 1_700_000_000_000, languageId: 1, authorityNum: 5, randStr: "r4nd" });
const context = { language: "en", common, token: "tok" };

describe("common data", () => {
  it("carries SPEC section 3's fields and the authority as user signature, never the token", () => {
    expect(common).toEqual({
      version: "2.0",
      timeStamp: 1_700_000_000_000,
      languageId: 1,
      timezone: 8,
      randStr: "r4nd",
      userSign: 5,
    });
  });

  it("leaves out the signature when there is none", () => {
    const anonymous = commonData({ now: 1, languageId: 0, authorityNum: null, randStr: "x" });
    expect(anonymous).not.toHaveProperty("accessToken");
    expect(anonymous).not.toHaveProperty("userSign");
  });
});

describe("buildRequest", () => {
  it("merges common data into a POST body, the caller's fields winning", () => {
    const request = buildRequest(
      { method: "POST", path: "/hmt-web/himit-checker/sys/login" },
      { accessToken: "account-token", authorityNum: 5 },
      context,
    );
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/hmt-web/himit-checker/sys/login");
    expect(request.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(request.body ?? "")).toEqual({ ...common, accessToken: "account-token", authorityNum: 5 });
  });

  it("merges common data into a GET query string", () => {
    const request = buildRequest(
      { method: "GET", path: "/hmt-web/himit-checker/sys/select_remember" },
      { customerId: "c1" },
      context,
    );
    const url = new URL(request.url, "http://x");
    expect(url.pathname).toBe("/hmt-web/himit-checker/sys/select_remember");
    expect(url.searchParams.get("customerId")).toBe("c1");
    // The token is a header, so it never lands in a logged URL.
    expect(url.searchParams.has("accessToken")).toBe(false);
    expect(request.headers.Authorization).toBe("Bearer tok");
    expect(url.searchParams.get("version")).toBe("2.0");
    expect(request.body).toBeUndefined();
  });

  it("adds no common data to public account calls", () => {
    for (const path of [
      "/account/acc/login_pwd",
      "/account/acc/get_mailbox_code",
      "/account/acc/check_mailbox_code",
      "/account/acc/mailbox_regist",
      "/account/acc/reset_pwd",
    ]) {
      const request = buildRequest({ method: "POST", path }, { email: "a@b.c" }, context);
      expect(JSON.parse(request.body ?? ""), path).toEqual({ email: "a@b.c" });
      expect(request.headers.Authorization, path).toBeUndefined();
    }
    expect(buildRequest({ method: "GET", path: "/hmt-web/basic/getLanguageList" }, {}, context).url).toBe(
      "/hmt-web/basic/getLanguageList",
    );
    expect(buildRequest({ method: "GET", path: "/hmt-web/account/get_pa_tos" }, { languageId: 1 }, context).url).toBe(
      "/hmt-web/account/get_pa_tos?languageId=1",
    );
    expect(isPublicCall("/hmt-web/account/check_pa_tos")).toBe(false);
  });

  it("announces the chosen language after zh_CN", () => {
    expect(buildRequest({ method: "GET", path: "/x" }, {}, context).headers["Accept-Language"]).toBe("zh_CN,en");
  });
});

describe("toQueryString", () => {
  it("repeats array keys, JSON-encodes objects and skips empty values", () => {
    expect(toQueryString({ ids: [1, 2], filter: { a: 1 }, none: undefined, nil: null, q: "a b" })).toBe(
      "ids=1&ids=2&filter=%7B%22a%22%3A1%7D&q=a+b",
    );
  });
});
