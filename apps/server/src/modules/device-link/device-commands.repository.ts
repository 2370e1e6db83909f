import { type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import type { Database, DeviceCommandStatus, DeviceCommandTable } from "../../db/schema.ts";
import { endOverdueTasks, type TaskChange, writeTaskOutcomes } from "../../devices/checker-task-writes.ts";

export interface CommandRow {
  issued_by_name?: string | null;
  id: string;
  device_id: number;
  organisation_id: number;
  type: "control" | "taskStart" | "taskStop" | "ota";
  system_number: number | null;
  indoor_addresses: number[] | null;
  params: unknown;
  status: DeviceCommandStatus;
  issued_by_customer: string;
  issued_at: Date;
  finished_at: Date | null;
}

const COLUMNS = [
  "id",
  "device_id",
  "organisation_id",
  "type",
  "system_number",
  "indoor_addresses",
  "params",
  "status",
  "issued_by_customer",
  "issued_at",
  "finished_at",
] as const;

/** A command's columns and the name of the account that issued it. */
const withIssuer = (query: SelectQueryBuilder<Database & { c: DeviceCommandTable }, "c", object>) =>
  query
    .leftJoin("accounts as a", "a.id", "c.issued_by")
    .select(COLUMNS.map((column) => `c.${column}` as const))
    .select("a.name as issued_by_name");

export const createDeviceCommandRepository = (db: Db) => ({
  /** A device in scope that can carry commands, with what remote control needs of it. */
  findDevice: (organisationIds: number[], id: number) =>
    db
      .selectFrom("devices")
      .where("id", "=", id)
      .where("organisation_id", "in", organisationIds)
      .select(["id", "organisation_id", "kind", "serial_number", "device_code", "status"])
      .executeTakeFirst(),

  indoorUnits: (deviceId: number, systemNumber: number) =>
    db
      .selectFrom("indoor_units")
      .where("device_id", "=", deviceId)
      .where("system_number", "=", systemNumber)
      .select(["address", "supports"])
      .orderBy("address")
      .execute(),

  insert: (row: {
    id: string;
    organisation_id: number;
    device_id: number;
    issued_by: number;
    issued_by_customer: string;
    type: "control";
    system_number: number;
    indoor_addresses: number[] | null;
    params: string;
    issued_at: Date;
    expires_at: Date;
  }) =>
    db.insertInto("device_commands").values(row).returning(COLUMNS).executeTakeFirstOrThrow() as Promise<CommandRow>,

  /** pending → sent, unless an ack or the timeout got there first. */
  markSent: (id: string, at: Date) =>
    db
      .updateTable("device_commands")
      .set({ status: "sent", sent_at: at })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returning(COLUMNS)
      .executeTakeFirst() as Promise<CommandRow | undefined>,

  markFailed: (id: string, at: Date, reason: string) =>
    db
      .updateTable("device_commands")
      .set({ status: "failed", finished_at: at, reason })
      .where("id", "=", id)
      .where("status", "in", ["pending", "sent"])
      .returning(COLUMNS)
      .executeTakeFirst() as Promise<CommandRow | undefined>,

  /**
   * Every command past its expiry still waiting: timed out, in one statement (several instances
   * may sweep); the tasks they were to start or stop, and the open tasks whose end passed without
   * a word from their checker, move on in the same transaction.
   */
  timeOutDue: (now: Date) =>
    db.transaction().execute(async (tx) => {
      const result = await sql<CommandRow & { device_code: string; task_id: string | null }>`
        UPDATE device_commands c SET status = 'timed_out', finished_at = ${now}
        FROM devices d
        WHERE d.id = c.device_id AND c.status IN ('pending', 'sent') AND c.expires_at <= ${now}
        RETURNING c.id, c.device_id, c.organisation_id, c.type, c.system_number, c.indoor_addresses, c.params, c.status,
                  c.issued_by_customer, c.issued_at, c.finished_at, d.device_code, c.params->>'taskId' AS task_id`.execute(
        tx,
      );
      const outcomes = result.rows.flatMap((c) =>
        (c.type === "taskStart" || c.type === "taskStop") && c.task_id
          ? [{ commandId: c.id, taskId: c.task_id, type: c.type, status: c.status, at: now }]
          : [],
      );
      const tasks: TaskChange[] = [
        ...(outcomes.length > 0 ? await writeTaskOutcomes(tx, outcomes, []) : []),
        ...(await endOverdueTasks(tx, now)),
      ];
      return { commands: result.rows, tasks };
    }),

  /** One command in scope, with its issuer's name. */
  find: (organisationIds: number[], id: string) =>
    withIssuer(db.selectFrom("device_commands as c"))
      .where("c.id", "=", id)
      .where("c.organisation_id", "in", organisationIds)
      .executeTakeFirst() as Promise<CommandRow | undefined>,

  async page(organisationIds: number[], deviceId: number, limit: number, offset: number) {
    const where = db
      .selectFrom("device_commands as c")
      .where("c.device_id", "=", deviceId)
      .where("c.organisation_id", "in", organisationIds);
    const [rows, total] = await Promise.all([
      withIssuer(where)
        .orderBy("c.issued_at", "desc")
        .orderBy("c.id")
        .limit(pageBound(limit))
        .offset(pageBound(offset))
        .execute(),
      where.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as CommandRow[], total: Number(total.n) };
  },
});

export type DeviceCommandRepository = ReturnType<typeof createDeviceCommandRepository>;
