import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { errorMessage, modificationFailedMessage } from "./error-text.ts";
import { i18n, loadLanguage } from "./i18n.ts";

beforeAll(async () => {
  await loadLanguage("en");
  await loadLanguage("zh");
});

const refused = (errorCode: number) => new ApiError({ errorCode, code: 400, httpStatus: 400, msg: "" });

describe("error texts", () => {
  it("names SPEC section 8's codes in both languages", () => {
    const en = i18n.getFixedT("en");
    const zh = i18n.getFixedT("zh");
    expect(errorMessage(en, refused(600719))).toBe("Verification code sent too frequently. Please wait a moment.");
    expect(errorMessage(en, refused(600704))).toBe("Invalid account.");
    expect(errorMessage(en, refused(600904))).toBe("Invalid account.");
    expect(errorMessage(zh, refused(600928))).toBe("二维码已失效，请刷新。");
    expect(errorMessage(en, refused(999999))).toBe("The request failed (error 999999). Please try again later.");
  });

  it("starts a failed save of the user's own data with 'Modification failed'", () => {
    expect(modificationFailedMessage(i18n.getFixedT("en"), refused(600721))).toBe(
      "Modification failed: The nickname is too long or too short.",
    );
    expect(modificationFailedMessage(i18n.getFixedT("zh"), refused(600721))).toBe("修改失败：昵称长度不符合要求。");
  });
});
