import type { DemoContext } from "./context.ts";

const MINUTE_MS = 60_000;

/**
 * A few device messages the database refused, as an early firmware of the demo's devices sent
 * them: the distributor's "Rejected device messages" page has something to show. Each is what
 * the device writer keeps (devices/dead-letters.ts): the payload as received and the database's
 * reason.
 */
export async function seedDemoDeadLetters(ctx: DemoContext): Promise<void> {
  const organisationId = ctx.organisations.get("Demo Distributor") as number;
  const devices = await ctx.trx
    .selectFrom("devices")
    .where("organisation_id", "=", organisationId)
    .select(["id", "serial_number", "kind"])
    .orderBy("id")
    .execute();
  const himit = devices.find((d) => d.kind === "himit");
  const checker = devices.find((d) => d.kind === "checker");
  if (!himit || !checker) return;
  const at = (minutesAgo: number) => new Date(ctx.now.getTime() - minutesAgo * MINUTE_MS);
  const letter = (
    device: { id: number; serial_number: string },
    topic: string,
    body: Record<string, unknown>,
    error: string,
    minutesAgo: number,
  ) => ({
    organisation_id: organisationId,
    device_id: device.id,
    serial_number: device.serial_number,
    topic,
    payload: Buffer.from(JSON.stringify({ v: 1, ts: at(minutesAgo).getTime(), ...body })),
    error,
    received_at: at(minutesAgo),
    created_at: at(minutesAgo),
  });
  await ctx.trx
    .insertInto("device_dead_letters")
    .values([
      letter(
        himit,
        "online",
        { seq: 40_112, online: true, firmware: "V3.1.0\u0000\u0000" },
        '22021 invalid byte sequence for encoding "UTF8": 0x00',
        26 * 60,
      ),
      letter(
        himit,
        "ack",
        { seq: 40_377, cmdId: "7d0c4a9e-1b2f-4c3d-9e8f-0a1b2c3d4e5f", result: "failed", reason: "bus busy\u0000" },
        '22021 invalid byte sequence for encoding "UTF8": 0x00',
        5 * 60,
      ),
      letter(
        checker,
        "capture",
        {
          seq: 9_204,
          taskId: "2f6b1c3a-8d4e-4f5a-9b6c-7d8e9f0a1b2c",
          frames: [{ at: 8_640_000_000_000_001, hex: "a50103" }],
        },
        "22008 timestamp out of range",
        42,
      ),
    ])
    .execute();
}
