import type { Db } from "../../db/open.ts";

export const createDeviceCredentialRepository = (db: Db) => ({
  /** Replaces the device's secret hash: the old secret stops working at once. */
  upsert: (deviceId: number, secretHash: string, issuedBy: number | null, at: Date) =>
    db
      .insertInto("device_credentials")
      .values({ device_id: deviceId, secret_hash: secretHash, issued_by: issuedBy, issued_at: at })
      .onConflict((oc) =>
        oc.column("device_id").doUpdateSet({ secret_hash: secretHash, issued_by: issuedBy, issued_at: at }),
      )
      .execute(),

  /** New devices' hashes, in the caller's transaction (registration, import). */
  insertMany: async (rows: { device_id: number; secret_hash: string; issued_at: Date }[], issuedBy: number) => {
    if (rows.length > 0) {
      await db
        .insertInto("device_credentials")
        .values(rows.map((r) => ({ ...r, issued_by: issuedBy })))
        .execute();
    }
  },

  findDevice: (organisationIds: number[], id: number) =>
    db
      .selectFrom("devices")
      .where("id", "=", id)
      .where("organisation_id", "in", organisationIds)
      .select(["id", "serial_number", "organisation_id"])
      .executeTakeFirst(),
});

export type DeviceCredentialRepository = ReturnType<typeof createDeviceCredentialRepository>;
