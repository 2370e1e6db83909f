import { updateNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import { describe, expect, it } from "vitest";
import { emailRequired, HOUR_OPTIONS, toFormValues, toRequest } from "./notification-settings.ts";

describe("notification settings", () => {
  it("offers the hours 00:00 to 23:00", () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS[0]).toEqual({ value: 0, label: "00:00" });
    expect(HOUR_OPTIONS[23]).toEqual({ value: 23, label: "23:00" });
  });

  it("sends the browser's zone and a normalised address, accepted by the contract", () => {
    const request = toRequest(
      { repairInfo: true, dailyFaultReport: true, hour: 7, email: " Service@Example.com " },
      "Europe/Berlin",
    );
    expect(request).toEqual({
      repairInfo: true,
      dailyFaultReport: true,
      hour: 7,
      email: "service@example.com",
      timezone: "Europe/Berlin",
    });
    expect(updateNotificationSettings.request.safeParse(request).success).toBe(true);
  });

  it("drops the stored zone when filling the form", () => {
    const values = toFormValues({ repairInfo: false, dailyFaultReport: false, hour: 8, email: "", timezone: "UTC" });
    expect(values).toEqual({ repairInfo: false, dailyFaultReport: false, hour: 8, email: "" });
  });

  it("asks for an address only with the daily report", () => {
    expect(emailRequired({ dailyFaultReport: true })).toBe(true);
    expect(emailRequired({ dailyFaultReport: false })).toBe(false);
  });
});
