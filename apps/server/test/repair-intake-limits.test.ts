import { afterAll, beforeAll, expect, it } from "vitest";
import { INTAKE_LIMITS } from "../src/modules/repair-reports/repair-reports.service.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const INTAKE = "/hmt-web/distributor/repair_report/intake";
const SETTINGS = "/hmt-web/account/update_notification_settings";

let t: TestApp;
let serial: string;

/** A report from `remoteAddress` (app.inject's socket peer). */
const report = async (serialNumber: string, remoteAddress: string) => {
  const response = await t.app.inject({
    method: "POST",
    url: INTAKE,
    remoteAddress,
    payload: { userName: "Flood", email: "flood@example.com", serialNumber, content: "Not cooling" },
  });
  return { status: response.statusCode, body: response.json() as { errorCode: number; data: unknown } };
};

/** Rows and mails: what a refused report must leave untouched. */
const written = async () => ({ reports: await t.count("repair_reports"), mails: (await t.outbox.messages()).length });

beforeAll(async () => {
  // The production caps; the plugin's per-minute limits are out of the way.
  t = await createTestApp({
    limits: {
      global: { max: 10_000, timeWindow: "1 minute" },
      strict: { max: 10_000, timeWindow: "1 minute" },
      repairIntake: INTAKE_LIMITS,
    },
  });
  const device = await t.db
    .selectFrom("devices")
    .innerJoin("organisations", "organisations.id", "devices.organisation_id")
    .where("organisations.name", "=", "Demo Distributor")
    .select("devices.serial_number")
    .orderBy("devices.id")
    .executeTakeFirstOrThrow();
  serial = device.serial_number;
  // A subscriber, so every accepted report on this device sends a mail.
  const { accessToken } = await t.login("distributor@example.com");
  const res = await t.post(
    SETTINGS,
    { repairInfo: true, dailyFaultReport: false, hour: 8, email: "", timezone: "Asia/Shanghai" },
    accessToken,
  );
  expect(res.body.errorCode).toBe(0);
});
afterAll(() => t.close());

it("stops reports on one serial number from any address after the hourly cap, writing and mailing nothing", async () => {
  const { max } = INTAKE_LIMITS.perSerial;
  const start = await written();
  for (let i = 0; i < max; i++) {
    // Letter case does not make a new serial number.
    const spelling = i % 2 ? serial.toLowerCase() : serial;
    expect((await report(spelling, `198.51.100.${i + 1}`)).status).toBe(200);
  }
  const afterAccepted = await written();
  expect(afterAccepted.reports).toBe(start.reports + max);
  expect(afterAccepted.mails).toBeGreaterThanOrEqual(start.mails + max);

  const refused = await report(serial.toLowerCase(), "198.51.100.200");
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ errorCode: 700029, code: 429 });
  const { retryAfterSeconds } = refused.body.data as { retryAfterSeconds: number };
  expect(retryAfterSeconds).toBeGreaterThan(0);
  expect(retryAfterSeconds).toBeLessThanOrEqual(INTAKE_LIMITS.perSerial.windowMs / 1000);
  expect(await written()).toEqual(afterAccepted);

  // Other serial numbers are not held back, and the window ends.
  expect((await report("OTHER-SERIAL-1", "198.51.100.201")).status).toBe(200);
  t.clock.advance(INTAKE_LIMITS.perSerial.windowMs);
  expect((await report(serial, "198.51.100.202")).status).toBe(200);
});

it("stops one address cycling through serial numbers after the hourly cap", async () => {
  const { max } = INTAKE_LIMITS.perAddress;
  for (let i = 0; i < max; i++) {
    expect((await report(`INVENTED-${i}`, "203.0.113.50")).status).toBe(200);
  }
  const before = await written();
  const refused = await report("INVENTED-NEXT", "203.0.113.50");
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ errorCode: 700029 });
  expect((refused.body.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  expect(await written()).toEqual(before);
  // Another sender is not held back.
  expect((await report("INVENTED-NEXT", "203.0.113.51")).status).toBe(200);
});
