import type { LanguageCode } from "@vrf/contract/constants.ts";

/**
 * An announcement written in several languages carries them under `i18n`, one object per
 * language code holding the fields of its format that differ (`data`, `content`, `title`,
 * `text`, `warning`; see messages.ts for the formats):
 *
 *   { "type": 12, "data": { "title": "New firmware", … },
 *     "i18n": { "zh": { "data": { "title": "新固件", … } } } }
 *
 * The reader gets one language: the top-level fields with those of their language laid
 * over them, and no `i18n`. Content without `i18n` (or not an object) is sent as it is.
 */
export const announcementInLanguage = (content: unknown, language: LanguageCode): unknown => {
  if (content === null || typeof content !== "object" || Array.isArray(content)) return content;
  const { i18n, ...base } = content as Record<string, unknown>;
  if (i18n === null || typeof i18n !== "object") return base;
  const own = (i18n as Record<string, unknown>)[language];
  return own !== null && typeof own === "object" && !Array.isArray(own) ? { ...base, ...own } : base;
};
