import { hexToBytes, readBusFrame } from "@vrf/contract/device/bus-frame.ts";
import { type Kysely, sql } from "kysely";
import { arrayLiteral } from "../db/array-literal.ts";
import { binaryArrayOf } from "../db/binary-array.ts";
import type { Database } from "../db/schema.ts";
import { type DeviceEvent, type IngestItem, messageTime } from "./ingest-item.ts";

type Tx = Kysely<Database>;
type CaptureItem = Extract<IngestItem, { topic: "capture" }>;

/** A task whose state or gathered data moved, for its event. */
export interface TaskChange {
  id: string;
  device_id: string | number;
  organisation_id: string | number;
  status: string;
}

/** A task command whose outcome the batch (an ack) or the timeout sweep decided. */
export interface TaskCommandOutcome {
  commandId: string;
  taskId: string;
  type: "taskStart" | "taskStop";
  /** The command's final state: confirmed, failed or timed_out, and when it got there. */
  status: string;
  at: Date;
}

/** What a checker's status said about its task: it left `from` for `to` (either may be null). */
export interface DeviceTaskChange {
  deviceId: number;
  from: string | null;
  to: string | null;
  at: Date;
}

export const taskEvent = (change: TaskChange): DeviceEvent => ({
  type: "task",
  organisationId: Number(change.organisation_id),
  deviceId: Number(change.device_id),
  taskId: change.id,
  status: change.status,
});

interface FrameRow {
  taskId: string;
  deviceId: number;
  /** 1, 2, … within its task in this batch: the task's count so far is added in SQL. */
  ordinal: number;
  at: Date;
  raw: Uint8Array;
  source: number | null;
  destination: number | null;
  command: number | null;
}

/**
 * Frames of capture tasks, numbered after what their task holds and written with the task's
 * counts in one statement. Task rows are locked in id order (two instances may write frames of
 * the same task). Frames of a task that is not this device's capture task, or that failed, are
 * not written: they come back as `unknownTask`. Every step matches frames to their task by task
 * and device: frames another device sends naming a checker's task, in the same batch as that
 * checker's own, are numbered from the same base, and would otherwise be counted into the task
 * and collide with its frames' numbers.
 */
export async function writeCaptureFrames(
  tx: Tx,
  items: CaptureItem[],
): Promise<{ changes: TaskChange[]; unknownTask: CaptureItem[] }> {
  if (items.length === 0) return { changes: [], unknownTask: [] };
  const rows: FrameRow[] = [];
  const counts = new Map<string, number>();
  for (const item of [...items].sort((a, b) => a.message.seq - b.message.seq)) {
    // As the database spells it: the same task in capitals and in small letters is one numbering.
    const taskId = item.message.taskId.toLowerCase();
    const key = `${item.device.id}/${taskId}`;
    for (const frame of item.message.frames) {
      const ordinal = (counts.get(key) ?? 0) + 1;
      counts.set(key, ordinal);
      const raw = hexToBytes(frame.hex);
      const header = readBusFrame(raw);
      rows.push({
        taskId,
        deviceId: item.device.id,
        ordinal,
        at: frameTime(item, frame.at),
        raw,
        source: header?.source ?? null,
        destination: header?.destination ?? null,
        command: header?.command ?? null,
      });
    }
  }
  const result = await sql<TaskChange>`
    WITH f AS (
      SELECT * FROM unnest(${arrayLiteral(rows.map((r) => r.taskId))}::uuid[],
        ${binaryArrayOf(rows, "bigint", (r) => r.deviceId)}::bigint[], ${binaryArrayOf(rows, "integer", (r) => r.ordinal)}::integer[],
        ${binaryArrayOf(rows, "timestamptz", (r) => r.at)}::timestamptz[], ${binaryArrayOf(rows, "smallint", (r) => r.source)}::smallint[],
        ${binaryArrayOf(rows, "smallint", (r) => r.destination)}::smallint[], ${binaryArrayOf(rows, "smallint", (r) => r.command)}::smallint[],
        ${binaryArrayOf(rows, "bytea", (r) => r.raw)}::bytea[])
        AS f(task_id, device_id, ordinal, at, source, destination, command, raw)
    ), k AS (
      SELECT task_id, device_id, count(*) AS frames, sum(length(raw)) AS bytes FROM f GROUP BY task_id, device_id
    ), locked AS (
      SELECT t.id, t.device_id, t.frame_count FROM checker_tasks t JOIN k ON k.task_id = t.id AND k.device_id = t.device_id
      WHERE t.kind = 'capture' AND t.status <> 'failed'
      ORDER BY t.id FOR UPDATE OF t
    ), moved AS (
      UPDATE checker_tasks t SET frame_count = t.frame_count + k.frames, frame_bytes = t.frame_bytes + k.bytes
      FROM locked l JOIN k ON k.task_id = l.id AND k.device_id = l.device_id
      WHERE t.id = l.id
      RETURNING t.id, t.device_id, t.organisation_id, t.status, l.frame_count AS base
    ), written AS (
      INSERT INTO capture_frames (task_id, n, at, source, destination, command, raw)
      SELECT f.task_id, m.base + f.ordinal, f.at, f.source, f.destination, f.command, f.raw
      FROM f JOIN moved m ON m.id = f.task_id AND m.device_id = f.device_id
    )
    SELECT id, device_id, organisation_id, status FROM moved`.execute(tx);
  // A task is known to the device whose own it is, not to another that names it.
  const known = new Set(result.rows.map((r) => `${r.device_id}/${r.id}`));
  return {
    changes: result.rows,
    unknownTask: items.filter((i) => !known.has(`${i.device.id}/${i.message.taskId.toLowerCase()}`)),
  };
}

/** A frame is dated by the device's clock when that clock is trusted (ingest-item.ts), else on arrival. */
const frameTime = (item: CaptureItem, at: number): Date => {
  const offset = messageTime(item).getTime() - item.message.ts;
  return new Date(at + offset);
};

/**
 * What commands and checkers said about tasks:
 * - a start confirmed makes the task `running`; refused or unanswered, `failed` (and ended);
 * - a stop confirmed makes it `stopped`; refused or unanswered, it is `running` again (the checker
 *   still runs it: the engineer may stop it again);
 * - a checker reporting a task makes a starting task `running` (its ack may be late or lost);
 * - a checker that left a task ended it: `stopped` if a stop was on its way, else `finished`.
 * Ended collection tasks get their figures (settleEndedTasks).
 */
export async function writeTaskOutcomes(
  tx: Tx,
  outcomes: TaskCommandOutcome[],
  reported: DeviceTaskChange[],
): Promise<TaskChange[]> {
  const changes: TaskChange[] = [];
  if (outcomes.length > 0) {
    const result = await sql<TaskChange>`
      WITH v AS (
        SELECT * FROM unnest(${arrayLiteral(outcomes.map((o) => o.taskId))}::uuid[],
          ${arrayLiteral(outcomes.map((o) => o.commandId))}::uuid[], ${arrayLiteral(outcomes.map((o) => o.type))}::text[],
          ${arrayLiteral(outcomes.map((o) => o.status))}::text[], ${arrayLiteral(outcomes.map((o) => o.at.toISOString()))}::timestamptz[])
          AS v(task_id, command_id, type, status, at)
      ), locked AS (
        SELECT t.id, v.type, v.status AS outcome, v.at FROM checker_tasks t JOIN v ON v.task_id = t.id
        WHERE (v.type = 'taskStart' AND t.start_command_id = v.command_id AND t.status = 'starting')
           OR (v.type = 'taskStop' AND t.stop_command_id = v.command_id AND t.status = 'stopping')
        ORDER BY t.id FOR UPDATE OF t
      )
      UPDATE checker_tasks t SET
        status = CASE WHEN l.outcome = 'confirmed' THEN (CASE l.type WHEN 'taskStart' THEN 'running' ELSE 'stopped' END)
                      ELSE (CASE l.type WHEN 'taskStart' THEN 'failed' ELSE 'running' END) END,
        failure = CASE WHEN l.type = 'taskStart' AND l.outcome <> 'confirmed'
                       THEN (CASE l.outcome WHEN 'timed_out' THEN 'timedOut' ELSE 'rejected' END) ELSE t.failure END,
        started_at = CASE WHEN l.type = 'taskStart' AND l.outcome = 'confirmed' THEN coalesce(t.started_at, l.at) ELSE t.started_at END,
        ended_at = CASE WHEN (l.type = 'taskStart') <> (l.outcome = 'confirmed')
                        THEN greatest(l.at, coalesce(t.started_at, l.at)) ELSE t.ended_at END
      FROM locked l
      WHERE t.id = l.id
      RETURNING t.id, t.device_id, t.organisation_id, t.status`.execute(tx);
    changes.push(...result.rows);
  }
  const started = reported.filter((r) => r.to !== null);
  const left = reported.filter((r) => r.from !== null);
  if (started.length + left.length > 0) {
    const result = await sql<TaskChange>`
      WITH v AS (
        SELECT * FROM unnest(${arrayLiteral([...started.map((r) => r.to), ...left.map((r) => r.from)])}::uuid[],
          ${arrayLiteral([...started.map((r) => r.deviceId), ...left.map((r) => r.deviceId)])}::bigint[],
          ${arrayLiteral([...started.map(() => true), ...left.map(() => false)])}::boolean[],
          ${arrayLiteral([...started, ...left].map((r) => r.at.toISOString()))}::timestamptz[]) AS v(task_id, device_id, started, at)
      ), locked AS (
        SELECT t.id, v.started, v.at FROM checker_tasks t JOIN v ON v.task_id = t.id AND v.device_id = t.device_id
        WHERE CASE WHEN v.started THEN t.status = 'starting' ELSE t.status IN ('starting', 'running', 'stopping') END
        ORDER BY t.id FOR UPDATE OF t
      )
      UPDATE checker_tasks t SET
        status = CASE WHEN l.started THEN 'running' WHEN t.status = 'stopping' THEN 'stopped' ELSE 'finished' END,
        started_at = coalesce(t.started_at, l.at),
        ended_at = CASE WHEN l.started THEN NULL ELSE greatest(l.at, coalesce(t.started_at, l.at)) END
      FROM locked l
      WHERE t.id = l.id
      RETURNING t.id, t.device_id, t.organisation_id, t.status`.execute(tx);
    changes.push(...result.rows);
  }
  await settleEndedTasks(tx, changes);
  return changes;
}

/** Open tasks whose end time passed a minute ago without the checker saying so (it went offline). */
export async function endOverdueTasks(tx: Tx, now: Date): Promise<TaskChange[]> {
  const result = await sql<TaskChange>`
    WITH due AS (
      SELECT id FROM checker_tasks WHERE ended_at IS NULL AND end_at < ${now}::timestamptz - interval '1 minute'
      ORDER BY id FOR UPDATE SKIP LOCKED
    )
    UPDATE checker_tasks t SET
      status = CASE t.status WHEN 'starting' THEN 'failed' WHEN 'stopping' THEN 'stopped' ELSE 'finished' END,
      failure = CASE WHEN t.status = 'starting' THEN 'timedOut' ELSE t.failure END,
      ended_at = CASE WHEN t.status = 'starting' THEN ${now} ELSE greatest(t.end_at, coalesce(t.started_at, t.end_at)) END
    FROM due
    WHERE t.id = due.id
    RETURNING t.id, t.device_id, t.organisation_id, t.status`.execute(tx);
  await settleEndedTasks(tx, result.rows);
  return result.rows;
}

/** A collection task that ended keeps what it gathered: its reports in its period and the checker's bytes. */
async function settleEndedTasks(tx: Tx, changes: TaskChange[]): Promise<void> {
  const ended = changes.filter((c) => c.status === "finished" || c.status === "stopped").map((c) => c.id);
  if (ended.length === 0) return;
  await sql`
    UPDATE checker_tasks t SET
      snapshot_count = (SELECT count(*) FROM telemetry_snapshots s
                        WHERE s.device_id = t.device_id AND s.ts >= t.started_at AND s.ts <= t.ended_at),
      stored_bytes_at_end = d.stored_bytes
    FROM devices d
    WHERE t.id = ANY(${arrayLiteral(ended)}::uuid[]) AND t.kind = 'collection' AND d.id = t.device_id`.execute(tx);
}
