import { type ExpressionBuilder, sql } from "kysely";
import { containsPattern } from "../../db/like.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import type { Database } from "../../db/schema.ts";
import type { DeviceScope } from "../devices/devices.repository.ts";

export interface TaskFilter {
  state?: "open" | "ended" | undefined;
  deviceId?: number | undefined;
  kind?: "capture" | "collection" | undefined;
  status?: string | undefined;
  keyword?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

type TaskEb = ExpressionBuilder<Database & { t: Database["checker_tasks"]; d: Database["devices"] }, "t" | "d">;

/**
 * Whose tasks a caller sees: those of the checkers of their scope. A task belongs to its checker's
 * organisation (copied when it is created); an engineer also sees the tasks of checkers bound to them.
 */
const inScope =
  ({ organisationIds, boundAccountId }: DeviceScope) =>
  (eb: TaskEb) =>
    boundAccountId === undefined
      ? eb("t.organisation_id", "in", organisationIds)
      : eb.or([
          eb("t.organisation_id", "in", organisationIds),
          eb(
            "t.device_id",
            "in",
            eb.selectFrom("device_bound_users as b").select("b.device_id").where("b.account_id", "=", boundAccountId),
          ),
        ]);

export const createCheckerTaskRepository = (db: Db) => {
  const tasks = () =>
    db
      .selectFrom("checker_tasks as t")
      .innerJoin("devices as d", "d.id", "t.device_id")
      .leftJoin("projects as p", "p.id", "d.project_id")
      .leftJoin("accounts as a", "a.id", "t.created_by");

  const columns = [
    "t.id",
    "t.device_id",
    "t.kind",
    "t.name",
    "t.notes",
    "t.interval_s",
    "t.end_at",
    "t.status",
    "t.failure",
    "t.created_at",
    "t.started_at",
    "t.ended_at",
    "t.frame_count",
    "t.frame_bytes",
    "d.device_code",
    "d.alias as device_alias",
    "p.id as project_id",
    "p.code as project_code",
    "p.name as project_name",
    "a.name as created_by_name",
  ] as const;

  /**
   * A collection task's reports and bytes: fixed once it ended; while it runs, counted from the
   * checker's reports since it started (one index range of one checker) and its kept bytes.
   */
  const gathered = (eb: TaskEb) => [
    eb
      .case()
      .when("t.snapshot_count", "is not", null)
      .then(eb.ref("t.snapshot_count"))
      .when(eb.and([eb("t.kind", "=", "collection"), eb("t.started_at", "is not", null)]))
      .then(
        eb
          .selectFrom("telemetry_snapshots as s")
          .select((s) => s.fn.countAll<string>().as("n"))
          .whereRef("s.device_id", "=", "t.device_id")
          .whereRef("s.ts", ">=", "t.started_at"),
      )
      .else(sql<string>`0`)
      .end()
      .as("snapshot_count"),
    sql<string>`CASE WHEN t.kind = 'capture' THEN t.frame_bytes
      ELSE greatest(0, coalesce(t.stored_bytes_at_end, d.stored_bytes) - coalesce(t.stored_bytes_at_start, d.stored_bytes)) END`.as(
      "stored_bytes",
    ),
  ];

  return {
    async page(scope: DeviceScope, filter: TaskFilter, limit: number, offset: number) {
      let where = tasks().where(inScope(scope));
      if (filter.state === "open") where = where.where("t.ended_at", "is", null);
      if (filter.state === "ended") where = where.where("t.ended_at", "is not", null);
      if (filter.deviceId !== undefined) where = where.where("t.device_id", "=", filter.deviceId);
      if (filter.kind) where = where.where("t.kind", "=", filter.kind);
      if (filter.status) where = where.where("t.status", "=", filter.status as never);
      if (filter.from !== undefined) where = where.where("t.created_at", ">=", new Date(filter.from));
      if (filter.to !== undefined) where = where.where("t.created_at", "<=", new Date(filter.to));
      if (filter.keyword) {
        const like = containsPattern(filter.keyword);
        where = where.where((eb) =>
          eb.or([eb("t.name", "ilike", like), eb("d.device_code", "ilike", like), eb("d.alias", "ilike", like)]),
        );
      }
      const [rows, total] = await Promise.all([
        where
          .select(columns)
          .select((eb) => gathered(eb as never))
          .orderBy("t.created_at", "desc")
          .orderBy("t.id")
          .limit(pageBound(limit))
          .offset(pageBound(offset))
          .execute(),
        where.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    find: (scope: DeviceScope, id: string) =>
      tasks()
        .where(inScope(scope))
        .where("t.id", "=", id)
        .select(columns)
        .select((eb) => gathered(eb as never))
        .executeTakeFirst(),

    /** The task and its start command, in one transaction: both rows or neither. */
    insertWithStart: (
      task: {
        id: string;
        organisation_id: number;
        device_id: number;
        kind: "capture" | "collection";
        name: string;
        notes: string;
        interval_s: number;
        end_at: Date;
        created_by: number;
        created_at: Date;
      },
      command: { id: string; issued_by_customer: string; params: string; expires_at: Date },
    ) =>
      db.transaction().execute(async (tx) => {
        await tx
          .insertInto("device_commands")
          .values({
            id: command.id,
            organisation_id: task.organisation_id,
            device_id: task.device_id,
            issued_by: task.created_by,
            issued_by_customer: command.issued_by_customer,
            type: "taskStart",
            system_number: null,
            indoor_addresses: null,
            params: command.params,
            issued_at: task.created_at,
            expires_at: command.expires_at,
          })
          .execute();
        await tx
          .insertInto("checker_tasks")
          .values({
            ...task,
            start_command_id: command.id,
            stored_bytes_at_start: sql<number>`(SELECT stored_bytes FROM devices WHERE id = ${task.device_id})`,
          })
          .execute();
      }),

    /**
     * The stop command, and the task `stopping` if it is still starting or running; null (and
     * nothing written) when it ended or is already being stopped.
     */
    insertStop: (
      task: { id: string; organisation_id: number; device_id: number },
      command: {
        id: string;
        issued_by: number;
        issued_by_customer: string;
        params: string;
        issued_at: Date;
        expires_at: Date;
      },
    ) =>
      db.transaction().execute(async (tx) => {
        const stopping = await tx
          .updateTable("checker_tasks")
          .set({ status: "stopping", stop_command_id: command.id })
          .where("id", "=", task.id)
          .where("status", "in", ["starting", "running"])
          .returning(["id"])
          .executeTakeFirst();
        if (!stopping) return null;
        await tx
          .insertInto("device_commands")
          .values({
            ...command,
            organisation_id: task.organisation_id,
            device_id: task.device_id,
            type: "taskStop",
            system_number: null,
            indoor_addresses: null,
          })
          .execute();
        return stopping;
      }),
  };
};

export type CheckerTaskRepository = ReturnType<typeof createCheckerTaskRepository>;
export type CheckerTaskRow = NonNullable<Awaited<ReturnType<CheckerTaskRepository["find"]>>>;
