import { describe, expect, it } from "vitest";
import { parseAppDownloads } from "./app-download-links.ts";

describe("parseAppDownloads", () => {
  it("reads each known platform's http(s) address, in a fixed order", () => {
    expect(
      parseAppDownloads('{"ios":"https://apps.apple.com/app/id1","android":"https://example.com/vrf.apk"}'),
    ).toEqual([
      { platform: "android", url: "https://example.com/vrf.apk" },
      { platform: "ios", url: "https://apps.apple.com/app/id1" },
    ]);
  });

  it("leaves out unknown platforms and addresses that are not http(s)", () => {
    expect(
      parseAppDownloads('{"android":"javascript:alert(1)","ios":"ftp://x/y","windows":"https://example.com/w.exe"}'),
    ).toEqual([]);
  });

  it("gives nothing for no setting, broken JSON or a list", () => {
    expect(parseAppDownloads(undefined)).toEqual([]);
    expect(parseAppDownloads("  ")).toEqual([]);
    expect(parseAppDownloads("{android:")).toEqual([]);
    expect(parseAppDownloads('["https://example.com/vrf.apk"]')).toEqual([]);
  });
});
