import type { TAnnouncement } from "@vrf/contract/module/messages.ts";
import { describe, expect, it } from "vitest";
import { parseAnnouncement } from "./parse-announcement.ts";

// 2024-05-01 10:00 in UTC+8 wall time, as the server publishes it.
const WALL_TIME_UTC8 = Date.UTC(2024, 4, 1, 10, 0, 0);

const message = (formatId: TAnnouncement["formatId"], content: unknown): TAnnouncement => ({
  id: 7,
  formatId,
  startTime: WALL_TIME_UTC8,
  content: typeof content === "string" ? content : JSON.stringify(content),
  read: false,
});

describe("parseAnnouncement", () => {
  it("shifts the UTC+8 wall time to a real UTC instant", () => {
    expect(parseAnnouncement(message(8, { type: 1, title: "t", text: "x" })).publishedAt).toBe(
      Date.UTC(2024, 4, 1, 2, 0, 0),
    );
  });

  it("format 8: takes title and text from the content for ordinary types", () => {
    expect(
      parseAnnouncement(message(8, { type: 3, title: "Maintenance", text: "Sunday 02:00", data: "" })),
    ).toMatchObject({ title: "Maintenance", text: "Sunday 02:00", wifiId: null });
  });

  it("format 8, type 12: takes title and text from data, as an object or a JSON string", () => {
    const inner = { title: "New firmware", text: "Version 2.1" };
    expect(parseAnnouncement(message(8, { type: 12, title: "outer", text: "outer", data: inner }))).toMatchObject(
      inner,
    );
    expect(parseAnnouncement(message(8, { type: "12", data: JSON.stringify(inner) }))).toMatchObject(inner);
  });

  it("format 7: shows the device's Wi-Fi id and the warning", () => {
    expect(parseAnnouncement(message(7, { wifiid: "HC-0042", warning: "Storage almost full" }))).toMatchObject({
      title: "",
      text: "Storage almost full",
      wifiId: "HC-0042",
    });
  });

  it("format 5: reads title and text from the JSON string in data", () => {
    const content = { data: JSON.stringify({ title: "Holiday", text: "Support closed" }), content: "fallback" };
    expect(parseAnnouncement(message(5, content))).toMatchObject({ title: "Holiday", text: "Support closed" });
  });

  it("format 5: falls back to content when data has no usable text", () => {
    expect(parseAnnouncement(message(5, { data: "not json", content: "Plain notice" }))).toMatchObject({
      title: "",
      text: "Plain notice",
    });
    expect(
      parseAnnouncement(message(5, { data: JSON.stringify({ title: "Only a title" }), content: "Body" })),
    ).toMatchObject({
      title: "Only a title",
      text: "Body",
    });
  });

  it("shows content that is not JSON as plain text", () => {
    expect(parseAnnouncement(message(8, "Just words"))).toMatchObject({ title: "", text: "Just words" });
  });

  it("keeps id and read state", () => {
    expect(parseAnnouncement({ ...message(8, { type: 1 }), read: true })).toMatchObject({
      id: 7,
      read: true,
      formatId: 8,
    });
  });
});
