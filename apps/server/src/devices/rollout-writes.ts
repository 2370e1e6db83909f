import { rolloutStateAfter, type TargetCounts, type TRolloutState } from "@vrf/contract/hi-checker/rollout-rules.ts";
import { ROLLOUT_TARGET_SILENCE_MS } from "@vrf/contract/hi-checker/rollouts.ts";
import { type Kysely, sql } from "kysely";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Database } from "../db/schema.ts";
import { type DeviceEvent, type IngestItem, messageTime } from "./ingest-item.ts";

type Tx = Kysely<Database>;
type OtaItem = Extract<IngestItem, { topic: "ota" }>;

/** A rollout target that moved, for its event. */
export interface TargetChange {
  rollout_id: string;
  device_id: string | number;
  organisation_id: string | number;
  state: string;
}

export const rolloutEvent = (change: TargetChange): DeviceEvent => ({
  type: "rollout",
  organisationId: Number(change.organisation_id),
  deviceId: Number(change.device_id),
  rolloutId: change.rollout_id,
  state: change.state,
});

/**
 * What checkers reported of their updates: each target takes its checker's newest report in the
 * batch, if the move is one rollout-rules.ts allows from where it is (a report of an update the
 * portal already gave up on, or of another rollout, moves nothing). The rollouts then settle.
 */
export async function writeOtaReports(tx: Tx, items: OtaItem[], now: Date): Promise<TargetChange[]> {
  if (items.length === 0) return [];
  const newest = new Map<string, OtaItem>();
  for (const item of items) {
    const key = `${item.message.rolloutId}/${item.device.id}`;
    const seen = newest.get(key);
    if (!seen || seen.message.seq < item.message.seq) newest.set(key, item);
  }
  const reports = [...newest.values()];
  const rolloutIds = [...new Set(reports.map((r) => r.message.rolloutId))];
  // Rollouts first, in id order, as every writer of targets locks them: their counts stay whole.
  await lockRollouts(tx, rolloutIds);
  const result = await sql<TargetChange>`
    WITH v AS (
      SELECT * FROM unnest(${arrayLiteral(reports.map((r) => r.message.rolloutId))}::uuid[],
        ${arrayLiteral(reports.map((r) => r.device.id))}::bigint[], ${arrayLiteral(reports.map((r) => r.message.stage))}::text[],
        ${arrayLiteral(reports.map((r) => r.message.percent))}::smallint[],
        ${arrayLiteral(reports.map((r) => (r.message.stage === "failed" ? (r.message.failure ?? "install") : null)))}::text[],
        ${arrayLiteral(reports.map((r) => messageTime(r).toISOString()))}::timestamptz[])
        AS v(rollout_id, device_id, stage, percent, failure, at)
    )
    UPDATE firmware_rollout_targets t SET
      state = v.stage,
      percent = CASE v.stage WHEN 'done' THEN 100 WHEN 'failed' THEN t.percent ELSE v.percent END,
      failure = v.failure,
      token_hash = CASE WHEN v.stage = 'downloading' THEN t.token_hash END,
      reported_at = v.at,
      updated_at = v.at
    FROM v, firmware_rollouts r
    WHERE t.rollout_id = v.rollout_id AND t.device_id = v.device_id AND r.id = t.rollout_id
      AND (t.state = 'downloading' OR (t.state = 'installing' AND v.stage <> 'downloading'))
    RETURNING t.rollout_id, t.device_id, r.organisation_id, t.state`.execute(tx);
  return [...result.rows, ...(await settleRollouts(tx, rolloutIds, now))];
}

/**
 * Targets the sweep ends:
 * - done: the checker runs the new version (it says so in its retained `online` message), though
 *   its last reports were lost, say in the restart after installing;
 * - failed, `rejected`: it refused the update, and has reported nothing since (a report means the
 *   update runs, whatever became of the ack);
 * - failed, `timedOut`: it never answered the command, or went silent for ROLLOUT_TARGET_SILENCE_MS
 *   (offline, or hung);
 * - pending again: its command expired without ever being published (the instance stopped between
 *   writing it and sending it), so the checker never heard of it; the next round sends it anew.
 */
export async function sweepTargets(tx: Tx, now: Date): Promise<TargetChange[]> {
  const silentSince = new Date(now.getTime() - ROLLOUT_TARGET_SILENCE_MS);
  const ended = await sql<{ rollout_id: string; device_id: string; state: string; failure: string | null }>`
    SELECT t.rollout_id, t.device_id,
      CASE WHEN s.updated THEN 'done' WHEN s.unsent THEN 'pending' ELSE 'failed' END AS state,
      CASE WHEN s.updated OR s.unsent THEN NULL
           WHEN c.status = 'failed' AND t.reported_at IS NULL THEN 'rejected' ELSE 'timedOut' END AS failure
    FROM firmware_rollout_targets t
      JOIN firmware_rollouts r ON r.id = t.rollout_id
      JOIN devices d ON d.id = t.device_id
      LEFT JOIN device_commands c ON c.id = t.command_id
      CROSS JOIN LATERAL (
        SELECT d.status <> 'offline' AND d.firmware = r.version AND t.from_firmware <> r.version AS updated,
          t.reported_at IS NULL AND c.status = 'timed_out' AND c.sent_at IS NULL AS unsent) s
    WHERE t.state IN ('downloading', 'installing')
      AND (s.updated OR (t.reported_at IS NULL AND c.status IN ('failed', 'timed_out'))
        OR coalesce(t.reported_at, t.sent_at) < ${silentSince})`.execute(tx);
  if (ended.rows.length === 0) return [];
  const rolloutIds = [...new Set(ended.rows.map((r) => r.rollout_id))];
  await lockRollouts(tx, rolloutIds);
  const result = await sql<TargetChange>`
    UPDATE firmware_rollout_targets t SET state = v.state, failure = v.failure,
      percent = CASE WHEN v.state = 'done' THEN 100 WHEN v.state = 'pending' THEN 0 ELSE t.percent END,
      command_id = CASE WHEN v.state = 'pending' THEN NULL ELSE t.command_id END,
      sent_at = CASE WHEN v.state = 'pending' THEN NULL ELSE t.sent_at END,
      token_hash = NULL, updated_at = ${now}
    FROM unnest(${arrayLiteral(ended.rows.map((r) => r.rollout_id))}::uuid[],
      ${arrayLiteral(ended.rows.map((r) => r.device_id))}::bigint[], ${arrayLiteral(ended.rows.map((r) => r.state))}::text[],
      ${arrayLiteral(ended.rows.map((r) => r.failure))}::text[])
      AS v(rollout_id, device_id, state, failure), firmware_rollouts r
    WHERE t.rollout_id = v.rollout_id AND t.device_id = v.device_id AND r.id = t.rollout_id
      AND t.state IN ('downloading', 'installing')
    RETURNING t.rollout_id, t.device_id, r.organisation_id, t.state`.execute(tx);
  return [...result.rows, ...(await settleRollouts(tx, rolloutIds, now))];
}

/** Rollouts locked in id order: every statement that moves targets and then their rollout takes them so. */
export async function lockRollouts(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`SELECT id FROM firmware_rollouts WHERE id = ANY(${arrayLiteral(ids)}::uuid[]) ORDER BY id FOR UPDATE`.execute(
    tx,
  );
}

/**
 * Each rollout's state after its targets moved (rollout-rules.ts `rolloutStateAfter`): halted
 * once too many failed, finished once none is left to update. The caller holds the rollouts' locks.
 * A change is told as the rollout's event, under the device that moved it last.
 */
export async function settleRollouts(tx: Tx, ids: string[], now: Date): Promise<TargetChange[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{
    id: string;
    organisation_id: string;
    state: TRolloutState;
    failure_share: number;
    target_state: keyof TargetCounts;
    n: string;
    last_device_id: string;
  }>`
    SELECT r.id, r.organisation_id, r.state, r.failure_share, t.state AS target_state, count(*) AS n,
      (array_agg(t.device_id ORDER BY t.updated_at DESC))[1] AS last_device_id
    FROM firmware_rollouts r JOIN firmware_rollout_targets t ON t.rollout_id = r.id
    WHERE r.id = ANY(${arrayLiteral(ids)}::uuid[]) AND r.state IN ('running', 'paused')
    GROUP BY r.id, t.state`.execute(tx);
  const byRollout = new Map<
    string,
    { organisationId: string; state: TRolloutState; share: number; counts: Record<string, number>; device: string }
  >();
  for (const row of rows.rows) {
    const entry = byRollout.get(row.id) ?? {
      organisationId: row.organisation_id,
      state: row.state,
      share: row.failure_share,
      counts: { pending: 0, downloading: 0, installing: 0, done: 0, failed: 0 },
      device: row.last_device_id,
    };
    entry.counts[row.target_state] = Number(row.n);
    byRollout.set(row.id, entry);
  }
  const moves = [...byRollout].flatMap(([id, r]) => {
    const next = rolloutStateAfter(r.state, r.counts as unknown as TargetCounts, r.share);
    return next === r.state ? [] : [{ id, next, organisationId: r.organisationId, device: r.device }];
  });
  if (moves.length === 0) return [];
  await sql`
    UPDATE firmware_rollouts r SET state = v.state, ended_at = ${now}
    FROM unnest(${arrayLiteral(moves.map((m) => m.id))}::uuid[], ${arrayLiteral(moves.map((m) => m.next))}::text[]) AS v(id, state)
    WHERE r.id = v.id`.execute(tx);
  return moves.map((m) => ({
    rollout_id: m.id,
    device_id: m.device,
    organisation_id: m.organisationId,
    state: m.next,
  }));
}
