import type { TFaultMessage } from "@vrf/contract/device/messages.ts";
import { type Kysely, sql } from "kysely";
import { arrayLiteral } from "../db/array-literal.ts";
import { binaryArray, binaryArrayOf } from "../db/binary-array.ts";
import { bumpDeviceDataChanges } from "../db/data-changes.ts";
import type { PipelinedConnection } from "../db/pipelined-connection.ts";
import type { Database } from "../db/schema.ts";
import {
  type DeviceTaskChange,
  type TaskChange,
  type TaskCommandOutcome,
  taskEvent,
  writeCaptureFrames,
  writeTaskOutcomes,
} from "./checker-task-writes.ts";
import { type DeviceEvent, type IngestItem, messageTime } from "./ingest-item.ts";
import type { IngestMemory } from "./ingest-memory.ts";
import { type LastSeenFloor, lastSeenDue } from "./last-seen-floor.ts";
import { rolloutEvent, type TargetChange, writeOtaReports } from "./rollout-writes.ts";
import { keepUnseen } from "./seen-messages.repository.ts";
import { writeTelemetry } from "./unit-snapshots.repository.ts";

type Tx = Kysely<Database>;
type Of<T extends IngestItem["topic"]> = Extract<IngestItem, { topic: T }>;

const byTopic = <T extends IngestItem["topic"]>(items: IngestItem[], topic: T) =>
  items.filter((i): i is Of<T> => i.topic === topic);

/** The last item per key, by sequence number. */
const latestBy = <T extends IngestItem>(items: T[], key: (item: T) => string): T[] => {
  const latest = new Map<string, T>();
  for (const item of items) {
    const seen = latest.get(key(item));
    if (!seen || seen.message.seq < item.message.seq) latest.set(key(item), item);
  }
  return [...latest.values()];
};

/**
 * One batch of device messages, written in the caller's transaction with set-based statements
 * (arrays through `unnest`), so a batch of hundreds costs a handful of round trips. Rows are
 * touched in id order, so two instances writing overlapping batches cannot deadlock.
 */
export const writeIngestBatch = async (
  tx: Tx,
  items: IngestItem[],
  /** What this writer knows from its earlier batches; without it every row is compared in the database. */
  memory?: IngestMemory,
): Promise<{
  written: IngestItem[];
  duplicates: number;
  capacityFull: IngestItem[];
  unknownTask: IngestItem[];
  events: DeviceEvent[];
  /** To be called once the batch's transaction committed: the writer's memory takes what it wrote. */
  committed: () => void;
}> => {
  // 1. Drop what was seen before (QoS 1 redelivers, and two instances may both get a copy); and
  // telemetry of a temporary checker whose storage is full is not kept. Only a temporary
  // checker's row can say so (writeDeviceState), so a batch without one asks nothing. Issued
  // together: on a pipelined connection (db/pipelined-connection.ts) they share a round trip.
  const [{ accepted, duplicates, windowsWritten, remember }, full] = await Promise.all([
    keepUnseen(tx, items, memory?.windows ?? new Map()),
    fullCheckers(tx, items),
  ]);
  const capacityFull = accepted.filter((i) => i.topic === "telemetry" && full.has(i.device.id));
  const notFull = accepted.filter((i) => !(i.topic === "telemetry" && full.has(i.device.id)));
  const telemetry = byTopic(notFull, "telemetry");

  // 2. Everything else needs no answer from another: issued in this order (the same in every
  // writer, so two of them lock shared rows in the same order) and awaited together.
  const [, { transitions, taskChanges }, , , , commands, frames] = await Promise.all([
    windowsWritten,
    writeDeviceState(tx, notFull, memory?.lastSeen),
    writeTelemetry(
      tx,
      telemetry,
      memory?.units.plan(accepted, (i) => !full.has(i.device.id)),
    ),
    // Unit lists read each unit's newest reading from the history: their kept answers are now old.
    bumpDeviceDataChanges(tx, [...new Set(telemetry.map((i) => i.device.id))], "units"),
    writeFaults(tx, byTopic(notFull, "fault")),
    writeAcks(tx, byTopic(notFull, "ack")),
    writeCaptureFrames(tx, byTopic(notFull, "capture")),
  ]);
  // 3. Tasks whose start or stop was answered, or that the checker started or left (rare: only
  // then is there a statement more).
  const outcomes: TaskCommandOutcome[] = commands.flatMap((c) =>
    (c.type === "taskStart" || c.type === "taskStop") && c.task_id
      ? [{ commandId: c.id, taskId: c.task_id, type: c.type, status: c.status, at: c.finished_at }]
      : [],
  );
  const tasks = [
    ...frames.changes,
    ...(outcomes.length + taskChanges.length > 0 ? await writeTaskOutcomes(tx, outcomes, taskChanges) : []),
  ];
  // 4. Firmware updates checkers reported (rare too).
  const ota = byTopic(notFull, "ota");
  const targets = ota.length > 0 ? await writeOtaReports(tx, ota, latestArrival(ota)) : [];
  const unknownTask = new Set<IngestItem>(frames.unknownTask);
  const kept = notFull.filter((i) => !unknownTask.has(i));
  return {
    written: kept,
    duplicates,
    capacityFull,
    unknownTask: frames.unknownTask,
    events: eventsOf(kept, transitions, commands, tasks, targets),
    committed: remember,
  };
};

const latestArrival = (items: IngestItem[]) => new Date(Math.max(...items.map((i) => i.receivedAt.getTime())));

/** The temporary checkers of the batch's telemetry whose storage is full (SPEC section 9). */
async function fullCheckers(tx: Tx, items: IngestItem[]): Promise<Set<number>> {
  const temporary = [
    ...new Set(
      byTopic(items, "telemetry")
        .filter((i) => i.device.checkerType === "temporary")
        .map((i) => i.device.id),
    ),
  ];
  if (temporary.length === 0) return new Set();
  const rows = await tx
    .selectFrom("devices")
    .where("id", "in", temporary)
    .where("capacity_full", "=", true)
    .select("id")
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * One batch in its own transaction on `connection`: written, its events notified with the COMMIT
 * (one round trip on a pipelined connection), the writer's memory told only once it committed;
 * rolled back and thrown on any failure.
 */
export const writeIngestTransaction = async (
  connection: PipelinedConnection,
  items: IngestItem[],
  memory: IngestMemory | undefined,
  notify: (tx: Tx, events: DeviceEvent[]) => Promise<void>,
) => {
  const transaction = await connection.begin();
  try {
    const result = await writeIngestBatch(transaction.db, items, memory);
    await Promise.all([
      result.events.length > 0 ? notify(transaction.db, result.events) : undefined,
      transaction.commit(),
    ]);
    result.committed();
    return result;
  } catch (error) {
    await transaction.rollback();
    throw error;
  }
};

function eventsOf(
  items: IngestItem[],
  transitions: { id: number; status: string }[],
  commands: Awaited<ReturnType<typeof writeAcks>>,
  tasks: TaskChange[],
  targets: TargetChange[],
): DeviceEvent[] {
  const devices = new Map(items.map((i) => [i.device.id, i.device]));
  const events: DeviceEvent[] = [];
  for (const t of transitions) {
    const device = devices.get(t.id);
    if (device)
      events.push({ type: "deviceState", organisationId: device.organisationId, deviceId: t.id, status: t.status });
  }
  const systems = new Map<number, Set<number>>();
  for (const i of byTopic(items, "telemetry"))
    systems.set(i.device.id, (systems.get(i.device.id) ?? new Set()).add(i.message.system));
  for (const [id, set] of systems) {
    const device = devices.get(id);
    if (device) events.push({ type: "units", organisationId: device.organisationId, deviceId: id, systems: [...set] });
  }
  for (const device of new Set(byTopic(items, "fault").map((i) => i.device))) {
    events.push({
      type: "faults",
      organisationId: device.organisationId,
      deviceId: device.id,
      projectId: device.projectId,
    });
  }
  for (const i of latestBy(byTopic(items, "progress"), (i) => String(i.device.id))) {
    events.push({
      type: "progress",
      organisationId: i.device.organisationId,
      deviceId: i.device.id,
      step: i.message.step,
    });
  }
  for (const c of commands) {
    events.push({
      type: "command",
      organisationId: Number(c.organisation_id),
      deviceId: Number(c.device_id),
      commandId: c.id,
      status: c.status,
      customerId: c.issued_by_customer,
    });
  }
  // A task's last word in the batch (its frames, then what an ack or its checker said).
  for (const change of new Map(tasks.map((t) => [t.id, t])).values()) events.push(taskEvent(change));
  for (const change of targets) events.push(rolloutEvent(change));
  return events;
}

interface DeviceState {
  status: string | null;
  cameOnline: boolean;
  seen: Date;
  firmware: string | null;
  storageMb: number | null;
  taskId: string | null | undefined;
  /** When the checker said which task it runs. */
  taskAt: Date | null;
  progress: number | null;
  progressAt: Date | null;
  /** Telemetry bytes a checker keeps (SPEC section 9: a temporary one is bounded by 200 MB). */
  bytes: number;
}

/**
 * Online state, checker state, storage, firmware-connection progress and last seen: one statement
 * per batch, touching only the devices where something changes (a report that only says "still
 * here" moves last seen once per step of its own, last-seen-floor.ts). Rows are locked in id order.
 */
async function writeDeviceState(
  tx: Tx,
  items: IngestItem[],
  lastSeen?: LastSeenFloor,
): Promise<{ transitions: { id: number; status: string }[]; taskChanges: DeviceTaskChange[] }> {
  if (items.length === 0) return { transitions: [], taskChanges: [] };
  const perDevice = new Map<number, DeviceState>();
  for (const item of items) {
    const state = perDevice.get(item.device.id) ?? {
      status: null,
      cameOnline: false,
      seen: item.receivedAt,
      firmware: null,
      storageMb: null,
      taskId: undefined,
      taskAt: null,
      progress: null,
      progressAt: null,
      bytes: 0,
    };
    if (item.receivedAt > state.seen) state.seen = item.receivedAt;
    // Items are in arrival order, so the last word on each field wins.
    if (item.topic === "online") {
      state.status = item.message.online ? null : "offline";
      state.cameOnline = item.message.online;
      if (item.message.firmware) state.firmware = item.message.firmware;
    } else if (item.topic === "status") {
      state.status = item.message.state;
      if (item.message.storageUsedKb !== undefined) state.storageMb = Math.ceil(item.message.storageUsedKb / 1024);
      if (item.message.taskId !== undefined) {
        state.taskId = item.message.taskId;
        state.taskAt = messageTime(item);
      }
    } else if (item.topic === "progress") {
      state.progress = item.message.step;
      state.progressAt = messageTime(item);
    } else if (item.topic === "telemetry" && item.device.kind === "checker") {
      state.bytes += item.bytes;
    }
    perDevice.set(item.device.id, state);
  }
  // A device whose report only says "still here", within the step of a last seen its row is known
  // to hold, has nothing to write.
  const ids = [...perDevice.keys()]
    .filter((id) => {
      const r = perDevice.get(id) as DeviceState;
      const onlySeen =
        r.status === null && !r.cameOnline && r.firmware === null && r.storageMb === null && r.taskId === undefined;
      return !(onlySeen && r.progress === null && r.bytes === 0 && lastSeen?.covers(id, r.seen));
    })
    .sort((a, b) => a - b);
  if (ids.length === 0) return { transitions: [], taskChanges: [] };
  const rows = ids.map((id) => perDevice.get(id) as DeviceState);
  // Last seen moves when the report is in a later step of the device's than the row's value.
  const due = rows.map((r, i) => new Date(lastSeenDue(ids[i] as number, r.seen.getTime())));
  // Binary arrays, but for the task ids: a checker's task id is rare here, and binary-array.ts has no uuid codec.
  const changed = await sql<{
    id: string;
    status: string;
    old_status: string;
    last_seen_at: Date;
    old_task_id: string | null;
    current_task_id: string | null;
  }>`
    WITH v AS (
      SELECT * FROM unnest(${binaryArray("bigint", ids)}::bigint[], ${binaryArrayOf(rows, "text", (r) => r.status)}::text[],
        ${binaryArrayOf(rows, "boolean", (r) => r.cameOnline)}::boolean[], ${binaryArrayOf(rows, "timestamptz", (r) => r.seen)}::timestamptz[],
        ${binaryArrayOf(rows, "text", (r) => r.firmware)}::text[], ${binaryArrayOf(rows, "integer", (r) => r.storageMb)}::integer[],
        ${binaryArrayOf(rows, "boolean", (r) => r.taskId !== undefined)}::boolean[], ${arrayLiteral(rows.map((r) => r.taskId ?? null))}::uuid[],
        ${binaryArrayOf(rows, "smallint", (r) => r.progress)}::smallint[], ${binaryArrayOf(rows, "timestamptz", (r) => r.progressAt)}::timestamptz[],
        ${binaryArrayOf(rows, "bigint", (r) => r.bytes)}::bigint[],
        ${binaryArray("timestamptz", due)}::timestamptz[])
        AS v(id, status, came_online, seen, firmware, storage_mb, task_set, task_id, progress, progress_at, bytes, due)
    ), o AS (
      SELECT d.id, d.status AS old_status, d.current_task_id AS old_task_id FROM devices d JOIN v ON v.id = d.id
      -- Only rows where something changes: a report that repeats what the row says (a periodic
      -- status) within the last-seen step leaves it alone. Every index of devices would take a
      -- new entry for it, since last seen is indexed.
      WHERE (v.status IS NOT NULL AND v.status IS DISTINCT FROM d.status)
         OR (v.came_online AND d.status = 'offline')
         OR (v.firmware IS NOT NULL AND v.firmware IS DISTINCT FROM d.firmware)
         OR (v.storage_mb IS NOT NULL AND v.storage_mb IS DISTINCT FROM d.used_capacity_mb)
         OR (v.task_set AND v.task_id IS DISTINCT FROM d.current_task_id)
         OR v.progress IS NOT NULL OR v.bytes > 0 OR d.last_seen_at IS NULL
         OR d.last_seen_at < v.due
      ORDER BY d.id FOR UPDATE OF d
    )
    UPDATE devices d SET
      status = CASE WHEN v.status IS NOT NULL THEN v.status
                    WHEN v.came_online AND d.status = 'offline' THEN 'online'
                    ELSE d.status END,
      last_seen_at = greatest(d.last_seen_at, v.seen),
      firmware = coalesce(v.firmware, d.firmware),
      used_capacity_mb = coalesce(v.storage_mb, d.used_capacity_mb),
      current_task_id = CASE WHEN v.task_set THEN v.task_id ELSE d.current_task_id END,
      link_progress = coalesce(v.progress, d.link_progress),
      link_progress_at = coalesce(v.progress_at, d.link_progress_at),
      stored_bytes = d.stored_bytes + v.bytes,
      capacity_full = d.capacity_full OR (d.checker_type = 'temporary' AND d.storage_capacity_mb IS NOT NULL
                      AND d.stored_bytes + v.bytes >= d.storage_capacity_mb::bigint * 1048576),
      updated_at = now()
    FROM o, v
    WHERE d.id = o.id AND v.id = o.id
    RETURNING d.id, d.status, o.old_status, d.last_seen_at, o.old_task_id, d.current_task_id`.execute(tx);
  for (const r of changed.rows) if (r.last_seen_at) lastSeen?.raise(Number(r.id), r.last_seen_at);
  const transitions = changed.rows.filter((r) => r.status !== r.old_status);
  if (transitions.length > 0) {
    await tx
      .insertInto("device_status_history")
      .values(transitions.map((r) => ({ device_id: Number(r.id), status: r.status, created_at: new Date() })))
      .execute();
  }
  const taskChanges = changed.rows
    .filter((r) => r.old_task_id !== r.current_task_id)
    .map((r) => ({
      deviceId: Number(r.id),
      from: r.old_task_id,
      to: r.current_task_id,
      at: perDevice.get(Number(r.id))?.taskAt ?? new Date(),
    }));
  return { transitions: transitions.map((r) => ({ id: Number(r.id), status: r.status })), taskChanges };
}

const faultKey = (i: Of<"fault">) =>
  `${i.device.id}:${i.message.code}:${i.message.system}:${i.message.outdoorAddress ?? ""}:${i.message.indoorAddress ?? ""}`;

/**
 * Raised opens a record unless the same fault of the same unit is open; cleared closes it.
 * Events of one fault are applied in sequence order, in rounds (one event per fault per round).
 */
async function writeFaults(tx: Tx, items: Of<"fault">[]): Promise<void> {
  const perKey = new Map<string, Of<"fault">[]>();
  for (const item of items) perKey.set(faultKey(item), [...(perKey.get(faultKey(item)) ?? []), item]);
  const rounds: Of<"fault">[][] = [];
  for (const events of perKey.values()) {
    events.sort((a, b) => a.message.seq - b.message.seq);
    events.forEach((event, round) => {
      rounds[round] = [...(rounds[round] ?? []), event];
    });
  }
  // Issued in order and awaited together: the database applies them in the order issued.
  await Promise.all(
    rounds.flatMap((round) => [
      raiseFaults(
        tx,
        round.filter((i) => i.message.event === "raised"),
      ),
      clearFaults(
        tx,
        round.filter((i) => i.message.event === "cleared"),
      ),
    ]),
  );
}

const address = (m: TFaultMessage, which: "outdoorAddress" | "indoorAddress") => m[which] ?? null;

async function raiseFaults(tx: Tx, items: Of<"fault">[]): Promise<void> {
  if (items.length === 0) return;
  await sql`
    INSERT INTO faults (organisation_id, project_id, device_id, code, system_number, outdoor_address, indoor_address, occurred_at)
    -- The device's organisation and project as they stand in this transaction.
    SELECT d.organisation_id, d.project_id, v.* FROM unnest(${arrayLiteral(items.map((i) => i.device.id))}::bigint[],
      ${arrayLiteral(items.map((i) => i.message.code))}::text[], ${arrayLiteral(items.map((i) => i.message.system))}::integer[],
      ${arrayLiteral(items.map((i) => address(i.message, "outdoorAddress")))}::integer[],
      ${arrayLiteral(items.map((i) => address(i.message, "indoorAddress")))}::integer[],
      ${arrayLiteral(items.map((i) => messageTime(i).toISOString()))}::timestamptz[])
      AS v(device_id, code, system_number, outdoor_address, indoor_address, occurred_at)
    JOIN devices d ON d.id = v.device_id
    WHERE NOT EXISTS (
      SELECT 1 FROM faults f WHERE f.device_id = v.device_id AND f.repaired_at IS NULL AND f.code = v.code
        AND f.system_number IS NOT DISTINCT FROM v.system_number
        AND f.outdoor_address IS NOT DISTINCT FROM v.outdoor_address
        AND f.indoor_address IS NOT DISTINCT FROM v.indoor_address)`.execute(tx);
}

async function clearFaults(tx: Tx, items: Of<"fault">[]): Promise<void> {
  if (items.length === 0) return;
  await sql`
    UPDATE faults f SET repaired_at = greatest(v.at, f.occurred_at)
    FROM unnest(${arrayLiteral(items.map((i) => i.device.id))}::bigint[], ${arrayLiteral(items.map((i) => i.message.code))}::text[],
      ${arrayLiteral(items.map((i) => i.message.system))}::integer[], ${arrayLiteral(items.map((i) => address(i.message, "outdoorAddress")))}::integer[],
      ${arrayLiteral(items.map((i) => address(i.message, "indoorAddress")))}::integer[],
      ${arrayLiteral(items.map((i) => messageTime(i).toISOString()))}::timestamptz[])
      AS v(device_id, code, system_number, outdoor_address, indoor_address, at)
    WHERE f.device_id = v.device_id AND f.repaired_at IS NULL AND f.code = v.code
      AND f.system_number IS NOT DISTINCT FROM v.system_number
      AND f.outdoor_address IS NOT DISTINCT FROM v.outdoor_address
      AND f.indoor_address IS NOT DISTINCT FROM v.indoor_address`.execute(tx);
}

/** Acks close their commands; returns the commands that changed, for their issuers. */
const writeAcks = async (tx: Tx, items: Of<"ack">[]) => {
  if (items.length === 0) return [];
  const result = await sql<{
    id: string;
    status: string;
    device_id: string;
    organisation_id: string;
    issued_by_customer: string;
    type: string;
    task_id: string | null;
    finished_at: Date;
  }>`
    UPDATE device_commands c SET status = CASE WHEN v.result = 'ok' THEN 'confirmed' ELSE 'failed' END,
      reason = v.reason, finished_at = v.at
    FROM unnest(${arrayLiteral(items.map((i) => i.message.cmdId))}::uuid[], ${arrayLiteral(items.map((i) => i.device.id))}::bigint[],
      ${arrayLiteral(items.map((i) => i.message.result))}::text[], ${arrayLiteral(items.map((i) => i.message.reason ?? null))}::text[],
      ${arrayLiteral(items.map((i) => i.receivedAt.toISOString()))}::timestamptz[]) AS v(id, device_id, result, reason, at)
    WHERE c.id = v.id AND c.device_id = v.device_id AND c.status IN ('pending', 'sent')
    RETURNING c.id, c.status, c.device_id, c.organisation_id, c.issued_by_customer, c.type,
              c.params->>'taskId' AS task_id, c.finished_at`.execute(tx);
  return result.rows;
};
