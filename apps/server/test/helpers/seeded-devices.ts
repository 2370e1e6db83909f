import type { TestApp } from "./test-app.ts";

export interface SeededDevice {
  id: number;
  serial: string;
  code: string;
  system: number;
  organisationId: number;
  projectId: number | null;
  /** Issued afresh: the device signs in with it. */
  password: string;
}

/**
 * The `nth` seeded Hi-Mit with indoor units (of `organisation` when named), with a password issued
 * for it, so a test's own MQTT client can sign in as it. Each test taking a device of its own
 * keeps its traffic within that device's flood allowance.
 */
export const seededHiMit = async (t: TestApp, options: { organisation?: string; nth?: number } = {}) => {
  let query = t.db
    .selectFrom("devices as d")
    .innerJoin("organisations as o", "o.id", "d.organisation_id")
    .where("d.kind", "=", "himit")
    .where((eb) => eb.exists(eb.selectFrom("indoor_units as u").whereRef("u.device_id", "=", "d.id").select("u.id")));
  if (options.organisation) query = query.where("o.name", "=", options.organisation);
  const row = await query
    .select(["d.id", "d.serial_number", "d.device_code", "d.system_number", "d.organisation_id", "d.project_id"])
    .orderBy("d.id")
    .offset(options.nth ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();
  const { password } = await t.app.services.deviceCredentials.issueFor(
    { id: Number(row.id), serialNumber: row.serial_number },
    null,
  );
  return {
    id: Number(row.id),
    serial: row.serial_number,
    code: row.device_code,
    system: row.system_number as number,
    organisationId: Number(row.organisation_id),
    projectId: row.project_id === null ? null : Number(row.project_id),
    password,
  } satisfies SeededDevice;
};
