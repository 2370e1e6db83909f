import { sql } from "kysely";
import { deleteInChunks } from "../../db/chunked-delete.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";

export interface DeviceDeadLetterRecord {
  organisationId: number | null;
  deviceId: number | null;
  serialNumber: string;
  topic: string;
  payload: Buffer;
  error: string;
  receivedAt: Date;
  createdAt: Date;
}

export interface DeviceDeadLetterFilter {
  organisationId: number;
  /** A prefix of the serial number, any case. */
  serialNumber?: string | undefined;
  topics?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface DeviceDeadLetterRow {
  id: number;
  serialNumber: string;
  deviceId: number | null;
  topic: string;
  payload: Buffer;
  error: string;
  receivedAt: Date;
}

const PRUNE_CHUNK = 5_000;
/** A list's total is counted no further: a device that sends nothing but refused messages writes many. */
export const DEAD_LETTER_COUNT_CAP = 10_000;

const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const createDeviceDeadLetterRepository = (db: Db) => {
  // Every read starts from one organisation, newest first: device_dead_letters_organisation_idx.
  const filtered = (filter: DeviceDeadLetterFilter) => {
    let query = db.selectFrom("device_dead_letters as d").where("d.organisation_id", "=", filter.organisationId);
    if (filter.serialNumber)
      query = query.where(sql<string>`lower(d.serial_number)`, "like", likePrefix(filter.serialNumber));
    if (filter.topics?.length) query = query.where("d.topic", "in", [...filter.topics]);
    if (filter.from) query = query.where("d.received_at", ">=", filter.from);
    if (filter.to) query = query.where("d.received_at", "<", filter.to);
    return query;
  };

  return {
    async insert(records: DeviceDeadLetterRecord[]): Promise<void> {
      if (records.length === 0) return;
      await db
        .insertInto("device_dead_letters")
        .values(
          records.map((r) => ({
            organisation_id: r.organisationId,
            device_id: r.deviceId,
            serial_number: r.serialNumber,
            topic: r.topic,
            payload: r.payload,
            error: r.error,
            received_at: r.receivedAt,
            created_at: r.createdAt,
          })),
        )
        .execute();
    },

    /** A page, newest first, and the number of matching rows up to DEAD_LETTER_COUNT_CAP. */
    async list(filter: DeviceDeadLetterFilter, offset: number, limit: number) {
      const [counted, rows] = await Promise.all([
        db
          .selectFrom(
            filtered(filter)
              .select("d.id")
              .limit(pageBound(DEAD_LETTER_COUNT_CAP + 1))
              .as("capped"),
          )
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        filtered(filter)
          .select([
            "d.id",
            "d.serial_number as serialNumber",
            "d.device_id as deviceId",
            "d.topic",
            "d.payload",
            "d.error",
            "d.received_at as receivedAt",
          ])
          .orderBy("d.received_at", "desc")
          .orderBy("d.id", "desc")
          .offset(pageBound(offset))
          .limit(pageBound(limit))
          .execute(),
      ]);
      const total = Number(counted.n);
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          deviceId: r.deviceId === null ? null : Number(r.deviceId),
        })) as DeviceDeadLetterRow[],
        total: Math.min(total, DEAD_LETTER_COUNT_CAP),
        totalCapped: total > DEAD_LETTER_COUNT_CAP,
      };
    },

    /** Deletes rows kept since before `before`, in chunks so no statement holds locks for long. */
    pruneOlderThan: (before: Date): Promise<number> =>
      deleteInChunks(
        db,
        PRUNE_CHUNK,
        () => sql`
          DELETE FROM device_dead_letters WHERE id = ANY(ARRAY(
            SELECT id FROM device_dead_letters WHERE created_at < ${before} LIMIT ${PRUNE_CHUNK}))`,
      ),
  };
};

export type DeviceDeadLetterRepository = ReturnType<typeof createDeviceDeadLetterRepository>;
