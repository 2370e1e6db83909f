import { z } from "zod";

/**
 * Validators shared by the server's request schemas and the web's form rules.
 * Each rule exposes the raw check so AntD validators and zod refinements agree.
 */

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
// Special characters: anything that is not a letter, digit, CJK character, or the separators people type in names.
const SPECIAL = /[^\p{L}\p{N}\s\-_.@]/u;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const NOTE_MAX = 2000;

export const passwordProblem = (value: string): "length" | "format" | null => {
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return "length";
  if (CHINESE.test(value) || /\s/.test(value)) return "format";
  return null;
};

// Same shape as the WHATWG "valid e-mail address" rule browsers use for <input type=email>.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

// International numbers: optional +, digits with spaces or dashes, 6 to 15 digits in all (E.164 length).
export const isPhone = (value: string): boolean => {
  if (!/^\+?[\d\s-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 15;
};

export const isVerificationCode = (value: string): boolean => /^\d{6}$/.test(value);

/** Flags special characters or any whitespace (identifiers such as device IDs). */
export const hasSpecialOrWhitespace = (value: string): boolean => SPECIAL.test(value) || /\s/.test(value);
/** Flags special characters but lets whitespace through (names, addresses). */
export const hasSpecial = (value: string): boolean => SPECIAL.test(value);
/** Flags special or Chinese characters (serial numbers, firmware versions). */
export const hasSpecialOrChinese = (value: string): boolean => SPECIAL.test(value) || CHINESE.test(value);

export const RANGES = {
  systemNumber: { min: 0, max: 63 },
  outdoorAddress: { min: 0, max: 7 },
  indoorAddress: { min: 0, max: 63 },
  notificationHour: { min: 0, max: 23 },
  captureIntervalSeconds: { min: 60, max: 3600 },
  collectionIntervalSeconds: { min: 1, max: 86400 },
} as const;

export const inRange = (value: number, range: { min: number; max: number }): boolean =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/** Link-type icon values that leave the app. */
export const isExternalLink = (value: string): boolean => /^(https?:|mailto:|tel:)/.test(value);

// zod building blocks with the messages the server maps to catalogue codes.
export const ZEmail = z.string().trim().toLowerCase().refine(isEmail, { message: "emailFormat" });

export const ZPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem === "length" ? "passwordLength" : "passwordFormat" });
});

export const ZPhone = z.string().trim().refine(isPhone, { message: "illegalPhone" });

export const ZCode = z.string().trim().refine(isVerificationCode, { message: "invalidCode" });
