import { z } from "zod";

/** The mobile platforms the download page knows how to present. */
export const APP_PLATFORMS = ["android", "ios"] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export interface AppDownloadLink {
  platform: AppPlatform;
  url: string;
}

const ZHttpsUrl = z.url({ protocol: /^https?$/ });

/**
 * Reads `VITE_APP_DOWNLOADS` (set when the web app is built): a JSON object from platform to the
 * app's store page or package, `{"android":"https://…/app.apk","ios":"https://apps.apple.com/…"}`.
 * Unknown platforms, non-http URLs and broken JSON are left out, so a bad deployment setting shows
 * the "not published yet" state instead of a broken page.
 */
export const parseAppDownloads = (raw: string | undefined): AppDownloadLink[] => {
  if (!raw?.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const entries = value as Record<string, unknown>;
  return APP_PLATFORMS.flatMap((platform) => {
    const url = ZHttpsUrl.safeParse(entries[platform]);
    return url.success ? [{ platform, url: url.data }] : [];
  });
};
