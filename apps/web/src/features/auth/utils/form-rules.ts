import { isEmail, isVerificationCode, passwordProblem } from "@vrf/contract/rules.ts";
import type { FormRule } from "antd";

/** Message lookup in the `auth` namespace; kept as a plain function so the rules stay testable. */
export type Translate = (key: string) => string;

const fail = (message: string) => Promise.reject(new Error(message));

export const emailRules = (t: Translate): FormRule[] => [
  { required: true, whitespace: true, message: t("validation.emailRequired") },
  {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isEmail(value.trim()) ? Promise.resolve() : fail(t("validation.emailFormat")),
  },
];

/** Sign-in only checks the length: the server decides whether the password is right. */
export const signInPasswordRules = (t: Translate): FormRule[] => [
  { required: true, message: t("validation.passwordRequired") },
  {
    validator: (_, value: string | undefined) =>
      !value || passwordProblem(value) !== "length" ? Promise.resolve() : fail(t("validation.passwordLength")),
  },
];

/** A password being chosen: the contract's full rule (6 to 20, no Chinese, no spaces). */
export const newPasswordRules = (t: Translate): FormRule[] => [
  { required: true, message: t("validation.passwordRequired") },
  {
    validator: (_, value: string | undefined) => {
      const problem = value ? passwordProblem(value) : null;
      if (problem === "length") return fail(t("validation.passwordLength"));
      if (problem === "format") return fail(t("validation.passwordFormat"));
      return Promise.resolve();
    },
  },
];

export const confirmPasswordRules = (t: Translate, passwordField: string): FormRule[] => [
  { required: true, message: t("validation.confirmRequired") },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(passwordField) ? Promise.resolve() : fail(t("validation.passwordMismatch")),
  }),
];

export const codeRules = (t: Translate): FormRule[] => [
  { required: true, message: t("validation.codeRequired") },
  {
    validator: (_, value: string | undefined) =>
      !value || isVerificationCode(value) ? Promise.resolve() : fail(t("validation.codeFormat")),
  },
];
