import { sql } from "kysely";
import type { Db } from "../db/open.ts";
import type { DeviceKind } from "../db/schema.ts";

/** What ingest needs to know about a device, looked up by its serial number (the MQTT id). */
export interface DeviceRef {
  id: number;
  serialNumber: string;
  organisationId: number;
  projectId: number | null;
  kind: DeviceKind;
  checkerType: "temporary" | "stationary" | null;
  storageCapacityMb: number | null;
}

export const createDeviceDirectoryRepository = (db: Db) => ({
  /** Devices by serial number, any case (`devices_serial_number_lower_idx`). */
  async findBySerials(serials: string[]): Promise<DeviceRef[]> {
    if (serials.length === 0) return [];
    const rows = await db
      .selectFrom("devices")
      .where(
        sql<string>`lower(serial_number)`,
        "in",
        serials.map((s) => s.toLowerCase()),
      )
      .select(["id", "serial_number", "organisation_id", "project_id", "kind", "checker_type", "storage_capacity_mb"])
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      serialNumber: r.serial_number,
      organisationId: Number(r.organisation_id),
      projectId: r.project_id === null ? null : Number(r.project_id),
      kind: r.kind,
      checkerType: r.checker_type,
      storageCapacityMb: r.storage_capacity_mb,
    }));
  },

  async secretHashOf(serial: string): Promise<string | null> {
    const row = await db
      .selectFrom("device_credentials as c")
      .innerJoin("devices as d", "d.id", "c.device_id")
      .where(sql<string>`lower(d.serial_number)`, "=", serial.toLowerCase())
      .select("c.secret_hash")
      .executeTakeFirst();
    return row?.secret_hash ?? null;
  },
});

export type DeviceDirectoryRepository = ReturnType<typeof createDeviceDirectoryRepository>;
