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
/** Flags special characters but lets whitespace through (addresses, aliases; names use `isPersonName`). */
export const hasSpecial = (value: string): boolean => SPECIAL.test(value);
/** Flags special or Chinese characters (serial numbers, firmware versions). */
export const hasSpecialOrChinese = (value: string): boolean => SPECIAL.test(value) || CHINESE.test(value);

/**
 * A person's name as people write it: letters of any script with their combining marks
 * (decomposed accents, Devanagari vowel signs), spaces, apostrophes (' ’), hyphens, dots
 * (also the middle dots of transliterated names, "约翰·史密斯") and parentheses ("Li Si (edited)").
 * Digits, "_" and "@" were accepted before and stay, as does a lone "-" (the placeholder for a
 * missing surname), so names already stored keep passing when their record is next saved.
 * Markup, quotes, slashes and the like are refused.
 */
const PERSON_NAME = /^[\p{L}\p{M}\p{N}\p{Zs}'\u2019\-\u2010.\u00b7\u30fb()_@]*$/u;
export const isPersonName = (value: string): boolean => PERSON_NAME.test(value);

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

/**
 * Control characters: C0 (U+0000 to U+001F) and DEL (U+007F). NUL is refused by
 * PostgreSQL text columns (error 22021) and the others break exports, mails and
 * logs, so no request text may carry them; multi-line text (notes, report
 * content) keeps tab, line feed and carriage return. The line and paragraph
 * separators U+2028/U+2029 are ordinary characters to JSON, PostgreSQL and the
 * xlsx writer and stay allowed. As patterns, so that schemas which must state the
 * rule in JSON Schema (the device messages, checked by a compiled copy that takes
 * no refinement) use the same one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them.
export const LINE_TEXT_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them.
export const MULTILINE_TEXT_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const hasControlCharacters = (value: string, multiline = false): boolean =>
  !(multiline ? MULTILINE_TEXT_PATTERN : LINE_TEXT_PATTERN).test(value);

/**
 * The control-character checks `ZText` attaches. The contract's schema test
 * recognises them by identity, so every request string provably carries one.
 */
export const TEXT_CHECKS = {
  line: z.refine<string>((v) => !hasControlCharacters(v), { message: "controlCharacters" }),
  multiline: z.refine<string>((v) => !hasControlCharacters(v, true), { message: "controlCharacters" }),
} as const;

export interface TextOptions {
  /** Allow tab, line feed and carriage return (notes, report content). */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default); passwords keep theirs. */
  trim?: boolean;
  /** Message of a too-long value, when a named rule should report it (e.g. "emailFormat"). */
  tooLong?: string;
}

/**
 * Every string a request accepts starts here: a maximum length and the
 * control-character rule. Chain further rules (`.min`, `.refine`, `.default`)
 * onto the result; the checks stay attached.
 */
export const ZText = (max: number, { multiline = false, trim = true, tooLong = "tooLong" }: TextOptions = {}) =>
  (trim ? z.string().trim() : z.string())
    .max(max, { message: tooLong })
    .check(multiline ? TEXT_CHECKS.multiline : TEXT_CHECKS.line);

/** Session and access tokens (the server refuses longer ones unread). */
export const TOKEN_MAX = 200;
/** Free-text search boxes. */
export const KEYWORD_MAX = 100;

/** An ISO-8601 time with offset; the format allows any number of fraction digits, so the length is capped. */
export const ZIsoDateTime = z.iso.datetime({ offset: true }).max(40, { message: "tooLong" }).check(TEXT_CHECKS.line);

// zod building blocks with the messages the server maps to catalogue codes.
export const ZEmail = ZText(254, { tooLong: "emailFormat" }).toLowerCase().refine(isEmail, { message: "emailFormat" });

export const ZPassword = ZText(PASSWORD_MAX, { trim: false, tooLong: "passwordLength" }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem === "length" ? "passwordLength" : "passwordFormat" });
});

/** A phone number as people write it: E.164's 15 digits leave room for spaces, dashes and a "+". */
export const PHONE_MAX = 32;
export const ZPhone = ZText(PHONE_MAX, { tooLong: "illegalPhone" }).refine(isPhone, { message: "illegalPhone" });

/**
 * Every field that holds a person's name (project contact person, profile first name and
 * surname, a repair report's user name) is built here, so server and forms share one rule.
 */
export const ZPersonName = (max: number) => ZText(max).refine(isPersonName, { message: "nameCharacters" });

export const ZCode = ZText(6, { tooLong: "invalidCode" }).refine(isVerificationCode, { message: "invalidCode" });
