import type { TAnnouncement } from "@vrf/contract/module/messages.ts";
import { announcementTimeToUtc } from "@vrf/contract/time.ts";

/** One announcement ready to show. */
export interface AnnouncementView {
  id: number;
  formatId: TAnnouncement["formatId"];
  read: boolean;
  /** Publication time as a UTC epoch (the server's value is UTC+8 wall time). */
  publishedAt: number;
  title: string;
  text: string;
  /** Format 7 (device warning): the Hi-Checker's Wi-Fi id; the title is then worded by the UI. */
  wifiId: string | null;
}

type Json = Record<string, unknown>;

const parseJson = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;

const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

const titleAndText = (source: Json | null) => ({ title: text(source?.title), text: text(source?.text) });

/**
 * SPEC section 3's announcement formats:
 * - 8: content {type, title, text, data}; type 12 keeps title and text in `data`
 *   (an object or a JSON string), other types in content itself;
 * - 7: content {wifiid, warning}, a device warning;
 * - 5: content {data, content}; `data` is a JSON string with title and text,
 *   `content` the fallback text.
 * Content that is not JSON at all is shown as plain text.
 */
export const parseAnnouncement = (message: TAnnouncement): AnnouncementView => {
  const base = {
    id: message.id,
    formatId: message.formatId,
    read: message.read,
    publishedAt: announcementTimeToUtc(message.startTime),
    wifiId: null,
  };
  const content = asObject(parseJson(message.content));
  if (!content) return { ...base, title: "", text: message.content };

  switch (message.formatId) {
    case 8: {
      const source = Number(content.type) === 12 ? asObject(parseJson(content.data)) : content;
      return { ...base, ...titleAndText(source) };
    }
    case 7:
      return { ...base, title: "", text: text(content.warning), wifiId: text(content.wifiid) || null };
    case 5: {
      const data = titleAndText(asObject(parseJson(content.data)));
      return { ...base, title: data.title, text: data.text || text(content.content) };
    }
  }
};
