import { ZProfileInput } from "@vrf/contract/account/profile.ts";
import type { FormInstance, FormRule } from "antd";
import { describe, expect, it } from "vitest";
import { contractRule, maxLengthOf } from "../../../lib/contract-rule.ts";
import { codeRules, confirmPasswordRules, emailRules, newPasswordRules, signInPasswordRules } from "./form-rules.ts";

const t = (key: string) => key;
const form = (values: Record<string, unknown>) =>
  ({ getFieldValue: (name: string) => values[name] }) as unknown as FormInstance;

/** Runs the custom validators of a rule list the way AntD does and returns the first message. */
const check = async (rules: FormRule[], value: unknown, values: Record<string, unknown> = {}) => {
  for (const entry of rules) {
    const rule = typeof entry === "function" ? entry(form(values)) : entry;
    if (!rule.validator) continue;
    try {
      await rule.validator(rule as never, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
};

describe("form rules", () => {
  it("checks the e-mail format and leaves emptiness to the required rule", async () => {
    expect(await check(emailRules(t), "someone@example.com")).toBeNull();
    expect(await check(emailRules(t), " someone@example.com ")).toBeNull();
    expect(await check(emailRules(t), "someone@")).toBe("validation.emailFormat");
    expect(await check(emailRules(t), "")).toBeNull();
  });

  it("sign-in checks only the length", async () => {
    expect(await check(signInPasswordRules(t), "abc")).toBe("validation.passwordLength");
    expect(await check(signInPasswordRules(t), "abc def")).toBeNull();
  });

  it("a new password follows the contract rule", async () => {
    expect(await check(newPasswordRules(t), "abc")).toBe("validation.passwordLength");
    expect(await check(newPasswordRules(t), "密码密码密码")).toBe("validation.passwordFormat");
    expect(await check(newPasswordRules(t), "good-pass1")).toBeNull();
  });

  it("the confirmation must match the password field", async () => {
    expect(await check(confirmPasswordRules(t, "password"), "abc123", { password: "abc123" })).toBeNull();
    expect(await check(confirmPasswordRules(t, "password"), "abc124", { password: "abc123" })).toBe(
      "validation.passwordMismatch",
    );
  });

  it("a code has six digits", async () => {
    expect(await check(codeRules(t), "123456")).toBeNull();
    expect(await check(codeRules(t), "12345a")).toBe("validation.codeFormat");
  });

  it("contract rules report the schema's reason", async () => {
    expect(await check([contractRule(ZProfileInput.shape.firstName, t)], "")).toBe("validation.required");
    expect(await check([contractRule(ZProfileInput.shape.firstName, t)], "Ann<")).toBe("validation.nameCharacters");
    expect(await check([contractRule(ZProfileInput.shape.surname, t)], "O'Brien")).toBeNull();
    expect(await check([contractRule(ZProfileInput.shape.phone, t)], "12")).toBe("validation.illegalPhone");
    expect(await check([contractRule(ZProfileInput.shape.phone, t)], undefined)).toBeNull();
    expect(await check([contractRule(ZProfileInput.shape.zip, t)], "8000-12")).toBeNull();
  });

  it("reads the maximum length through defaults", () => {
    expect(maxLengthOf(ZProfileInput.shape.firstName)).toBe(50);
    expect(maxLengthOf(ZProfileInput.shape.street)).toBe(100);
    expect(maxLengthOf(ZProfileInput.shape.country)).toBe(60);
  });
});
