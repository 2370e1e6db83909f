import { expect } from "vitest";
import { connectDevice } from "./device-client.ts";
import type { TestApp } from "./test-app.ts";

/** A seeded checker with fresh device credentials. */
export interface SeededChecker {
  id: number;
  serial: string;
  code: string;
  system: number;
  password: string;
}

export type ConnectedChecker = Awaited<ReturnType<typeof connectDevice>>;

/** The first `count` checkers of a seeded organisation (by id), each issued new device credentials. */
export async function seededCheckers(t: TestApp, organisation: string, count: number): Promise<SeededChecker[]> {
  const rows = await t.db
    .selectFrom("devices as d")
    .innerJoin("organisations as o", "o.id", "d.organisation_id")
    .where("o.name", "=", organisation)
    .where("d.kind", "=", "checker")
    .select(["d.id", "d.serial_number", "d.device_code", "d.system_number"])
    .orderBy("d.id")
    .limit(count)
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const credentials = await t.app.services.deviceCredentials.issueFor(
        { id: Number(row.id), serialNumber: row.serial_number },
        null,
      );
      return {
        id: Number(row.id),
        serial: row.serial_number,
        code: row.device_code,
        system: row.system_number ?? 0,
        password: credentials.password,
      };
    }),
  );
}

export const deviceStatusOf = async (t: TestApp, id: number) =>
  (await t.db.selectFrom("devices").where("id", "=", id).select("status").executeTakeFirstOrThrow()).status;

/**
 * A checker on the line (through the app's broker on `port`): online, standing by with no task,
 * once the portal has it so. `online` may carry more (its firmware); `nextSeq` numbers its messages.
 */
export async function connectStandbyChecker(
  t: TestApp,
  port: number,
  checker: SeededChecker,
  nextSeq: () => number,
  online: Record<string, unknown> = {},
): Promise<ConnectedChecker> {
  const device = await connectDevice({
    port,
    deviceId: checker.serial,
    password: checker.password,
    willSeq: nextSeq(),
  });
  await device.publish("online", { online: true, ...online }, nextSeq());
  await device.publish("status", { state: "standby", taskId: null }, nextSeq());
  await expect.poll(() => deviceStatusOf(t, checker.id)).toBe("standby");
  return device;
}
