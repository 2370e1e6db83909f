import { type Insertable, type Kysely, sql } from "kysely";
import type { Db } from "../../db/open.ts";
import type { Database, DeviceTable } from "../../db/schema.ts";
import { createDeviceCredentialRepository } from "../device-link/device-credentials.repository.ts";

/** Each lookup is one query however many rows are checked: the keys travel as one array parameter. */
const queries = (db: Kysely<Database>) => ({
  /** Registered serial numbers among these, lower-cased (serials are unique whatever the case). */
  async registeredSerials(serials: string[]): Promise<Set<string>> {
    if (serials.length === 0) return new Set();
    const lower = serials.map((s) => s.toLowerCase());
    const rows = await db
      .selectFrom("devices")
      .where(sql<boolean>`lower(serial_number) = any(${lower}::text[])`)
      .select(sql<string>`lower(serial_number)`.as("serial"))
      .execute();
    return new Set(rows.map((r) => r.serial));
  },

  /** Registered (kind, device ID) pairs among these device IDs. */
  async registeredDeviceIds(codes: string[]): Promise<{ kind: string; code: string }[]> {
    if (codes.length === 0) return [];
    return db
      .selectFrom("devices")
      .where(sql<boolean>`device_code = any(${codes}::text[])`)
      .select(["kind", "device_code as code"])
      .execute();
  },

  /** Projects with these project IDs among the caller's organisations; others' are not there. */
  async projectsByCode(organisationIds: number[], codes: string[]) {
    if (codes.length === 0) return [];
    return db
      .selectFrom("projects")
      .where("organisation_id", "in", organisationIds)
      .where(sql<boolean>`code = any(${codes}::text[])`)
      .select(["id", "code", "name", "organisation_id as organisationId"])
      .execute();
  },

  /** The caller's projects for the template's reference sheet, by project ID. */
  projectList: (organisationIds: number[], limit: number) =>
    db
      .selectFrom("projects as p")
      .innerJoin("organisations as o", "o.id", "p.organisation_id")
      .where("p.organisation_id", "in", organisationIds)
      .select(["p.code", "p.name", "o.name as organisationName"])
      .orderBy("p.code")
      .limit(limit)
      .execute(),

  /** Inserts what no unique key holds yet (a concurrent import cannot duplicate); returns the devices written. */
  async insertDevices(devices: Insertable<DeviceTable>[]): Promise<{ id: number; serialNumber: string }[]> {
    if (devices.length === 0) return [];
    const rows = await db
      .insertInto("devices")
      .values(devices)
      .onConflict((oc) => oc.doNothing())
      .returning(["id", "serial_number"])
      .execute();
    return rows.map((r) => ({ id: Number(r.id), serialNumber: r.serial_number }));
  },

  credentials: createDeviceCredentialRepository(db),
});

export type DeviceImportQueries = ReturnType<typeof queries>;

export const createDeviceImportRepository = (db: Db) => ({
  ...queries(db),
  transaction: <T>(work: (repository: DeviceImportQueries) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(queries(trx))),
});

export type DeviceImportRepository = ReturnType<typeof createDeviceImportRepository>;
