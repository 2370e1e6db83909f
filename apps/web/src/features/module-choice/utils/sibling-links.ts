import { z } from "zod";

/** The sibling web applications SPEC section 1 says the product links out to. */
export const SIBLING_SYSTEMS = ["largeBuilding", "touchController", "cloud", "checker"] as const;
export type SiblingSystem = (typeof SIBLING_SYSTEMS)[number];

export interface SiblingLink {
  system: SiblingSystem;
  url: string;
}

const ZHttpUrl = z.url({ protocol: /^https?$/ });

/** `[{ "key": "cloud", "url": "https://…" }]` as an object from system to URL; other shapes give nothing. */
const asObject = (value: unknown): Record<string, unknown> => {
  if (Array.isArray(value)) {
    const entries = value.flatMap((item: unknown) => {
      if (typeof item !== "object" || item === null) return [];
      const { key, url } = item as { key?: unknown; url?: unknown };
      return typeof key === "string" ? [[key, url] as const] : [];
    });
    return Object.fromEntries(entries);
  }
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
};

/**
 * Reads `VITE_SIBLING_LINKS` (set when the web app is built): a JSON object from system to URL,
 * `{"largeBuilding":"https://building.example.com","checker":"https://checker.example.com"}`, or
 * the same as a list, `[{"key":"largeBuilding","url":"https://building.example.com"}]`. Unknown
 * systems, non-http URLs and broken JSON are left out, so a bad deployment setting hides links
 * instead of breaking the page.
 */
export const parseSiblingLinks = (raw: string | undefined): SiblingLink[] => {
  if (!raw?.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const entries = asObject(value);
  return SIBLING_SYSTEMS.flatMap((system) => {
    const url = ZHttpUrl.safeParse(entries[system]);
    return url.success ? [{ system, url: url.data }] : [];
  });
};
