import { describe, expect, it } from "vitest";
import { announcementInLanguage } from "./announcement-language.ts";

describe("announcementInLanguage", () => {
  const firmware = {
    type: 12,
    data: { title: "New firmware 2.4.0", text: "Better fault reporting." },
    i18n: { zh: { data: { title: "新固件 2.4.0", text: "改进了故障上报。" } } },
  };

  it("lays the reader's language over the top-level fields and drops the others", () => {
    expect(announcementInLanguage(firmware, "zh")).toEqual({
      type: 12,
      data: { title: "新固件 2.4.0", text: "改进了故障上报。" },
    });
  });

  it("keeps the top-level fields for a language the announcement does not have", () => {
    expect(announcementInLanguage(firmware, "en")).toEqual({
      type: 12,
      data: { title: "New firmware 2.4.0", text: "Better fault reporting." },
    });
  });

  it("sends content without translations as it is", () => {
    expect(announcementInLanguage({ wifiid: "HC-1", warning: "Storage" }, "zh")).toEqual({
      wifiid: "HC-1",
      warning: "Storage",
    });
    expect(announcementInLanguage("plain text", "en")).toBe("plain text");
    expect(announcementInLanguage(null, "en")).toBeNull();
  });
});
