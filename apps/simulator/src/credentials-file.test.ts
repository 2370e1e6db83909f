import { describe, expect, it } from "vitest";
import { credentialsFromCsv } from "./credentials-file.ts";

describe("credentials CSV", () => {
  it("reads the portal's file: byte-order mark, localised header, quoted cells", () => {
    const text =
      '\uFEFF用户名（序列号）,密码,签发时间\r\nHI2026100001,abc_DEF-1,2026-11-23T10:00:00.000Z\r\nHC.7,"x,y",2026-11-23T10:00:00.000Z\r\n';
    expect(credentialsFromCsv(text)).toEqual([
      { deviceId: "HI2026100001", username: "HI2026100001", password: "abc_DEF-1" },
      { deviceId: "HC.7", username: "HC.7", password: "x,y" },
    ]);
  });
});
