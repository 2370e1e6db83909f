import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { EMPTY_CHECKER_FORM, fromCheckerDetail, toCheckerInput } from "./checker-form.ts";

describe("checker form values", () => {
  it("trims identifiers and sends the install date as a calendar day", () => {
    const input = toCheckerInput({
      ...EMPTY_CHECKER_FORM,
      deviceCode: "  HC-01 ",
      serialNumber: " SN1 ",
      alias: " Roof ",
      projectId: 4,
      installDate: dayjs("2026-02-20T23:30:00"),
      systemNumber: 7,
      boundEmails: ["a@example.com"],
    });
    expect(input).toEqual({
      deviceCode: "HC-01",
      serialNumber: "SN1",
      alias: "Roof",
      checkerType: "temporary",
      projectId: 4,
      installDate: "2026-02-20",
      systemNumber: 7,
      boundEmails: ["a@example.com"],
    });
  });

  it("round-trips an existing checker", () => {
    const values = fromCheckerDetail({
      id: 1,
      alias: "A",
      deviceCode: "HC-1",
      serialNumber: "S1",
      checkerType: "stationary",
      status: "online",
      storageCapacityMb: 4096,
      usedCapacityMb: 3,
      capacityFull: false,
      linkProgress: null,
      systemNumber: 2,
      installDate: "2026-01-05",
      lastSeenAt: null,
      project: { id: 9, code: "P1", name: "Tower" },
      organisationName: "Org",
      model: "",
      firmware: "",
      moduleVersion: "",
      mcuVersion: "",
      outdoorCount: 0,
      indoorCount: 0,
      faultyIndoorCount: 0,
      adminEmail: null,
      boundUsers: [{ email: "b@example.com", name: "B" }],
      statusHistory: [],
      createdAt: "2026-01-05T00:00:00.000Z",
    });
    expect(toCheckerInput(values)).toEqual({
      deviceCode: "HC-1",
      serialNumber: "S1",
      alias: "A",
      checkerType: "stationary",
      projectId: 9,
      installDate: "2026-01-05",
      systemNumber: 2,
      boundEmails: ["b@example.com"],
    });
  });
});
