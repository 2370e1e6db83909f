import { z } from "zod";

/** The sibling web applications SPEC section 1 says the product links out to. */
export const SIBLING_SYSTEMS = ["largeBuilding", "touchController", "cloud", "checker"] as const;
export type SiblingSystem = (typeof SIBLING_SYSTEMS)[number];

export interface SiblingLink {
  system: SiblingSystem;
  url: string;
}

const ZHttpUrl = z.url({ protocol: /^https?$/ });

/**
 * Reads `VITE_SIBLING_LINKS`: a JSON object from system to URL, e.g.
 * `{"largeBuilding":"https://vrf-building.example.com"}`. Unknown systems, non-http URLs and
 * broken JSON are left out, so a bad deployment setting hides links instead of breaking the page.
 */
export const parseSiblingLinks = (raw: string | undefined): SiblingLink[] => {
  if (!raw?.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const entries = value as Record<string, unknown>;
  return SIBLING_SYSTEMS.flatMap((system) => {
    const url = ZHttpUrl.safeParse(entries[system]);
    return url.success ? [{ system, url: url.data }] : [];
  });
};
