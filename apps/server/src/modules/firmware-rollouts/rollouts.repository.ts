import { type Kysely, sql } from "kysely";
import { arrayLiteral } from "../../db/array-literal.ts";
import type { Db } from "../../db/open.ts";
import type { Database } from "../../db/schema.ts";
import type { DeviceScope } from "../devices/devices.repository.ts";

type Tx = Kysely<Database>;

export interface RolloutRow {
  id: string;
  organisation_id: string;
  package_id: string | null;
  version: string;
  file_name: string;
  size_bytes: string;
  sha256: string;
  state: "running" | "paused" | "halted" | "finished";
  failure_share: number;
  max_in_flight: number;
  created_by_name: string | null;
  created_at: Date;
  ended_at: Date | null;
  pending: string;
  downloading: string;
  installing: string;
  done: string;
  failed: string;
}

export interface TargetRow {
  device_id: string;
  device_code: string;
  alias: string;
  status: string;
  firmware: string;
  from_firmware: string;
  state: "pending" | "downloading" | "installing" | "done" | "failed";
  percent: number;
  failure: string | null;
  sent_at: Date | null;
  updated_at: Date;
}

/** A pending target the dispatcher sends its update now. */
export interface DispatchRow {
  rollout_id: string;
  organisation_id: string;
  device_id: string;
  serial_number: string;
  version: string;
  size_bytes: string;
  sha256: string;
  created_by: string | null;
}

export interface PackageRow {
  kind: string;
  version: string;
  file_name: string;
  size_bytes: string;
  sha256: string;
}

export interface NewRollout {
  id: string;
  organisation_id: number;
  package_id: string;
  version: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  failure_share: number;
  max_in_flight: number;
  created_by: number;
  created_at: Date;
}

/** The checkers of a caller's scope (scope.service `checkerScopeOf`) among `ids`. */
const checkersInScope = ({ organisationIds, boundAccountId }: DeviceScope, ids: number[]) => sql`
  d.id = ANY(${arrayLiteral(ids)}::bigint[]) AND d.kind = 'checker'
  AND (d.organisation_id = ANY(${arrayLiteral(organisationIds)}::bigint[])
    ${boundAccountId === undefined ? sql`` : sql`OR d.id IN (SELECT b.device_id FROM device_bound_users b WHERE b.account_id = ${boundAccountId})`})`;

/** A rollout with its targets counted by state (at most ROLLOUT_TARGETS_MAX rows each, off the primary key). */
const rolloutColumns = sql`
  r.id, r.organisation_id, r.package_id, r.version, r.file_name, r.size_bytes, r.sha256, r.state,
  r.failure_share, r.max_in_flight, a.name AS created_by_name, r.created_at, r.ended_at,
  c.pending, c.downloading, c.installing, c.done, c.failed`;
const rolloutFrom = sql`
  firmware_rollouts r
  LEFT JOIN accounts a ON a.id = r.created_by
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE t.state = 'pending') AS pending,
      count(*) FILTER (WHERE t.state = 'downloading') AS downloading,
      count(*) FILTER (WHERE t.state = 'installing') AS installing,
      count(*) FILTER (WHERE t.state = 'done') AS done,
      count(*) FILTER (WHERE t.state = 'failed') AS failed
    FROM firmware_rollout_targets t WHERE t.rollout_id = r.id) c`;

/** Firmware rollouts and their targets (0029_firmware_rollouts). */
export const createRolloutRepository = (db: Db) => ({
  /**
   * In one transaction: the package (shared-locked, so it is not deleted meanwhile), the checkers
   * (locked in id order, so two rollouts of one checker are decided one after the other), then
   * the rollout and its targets. `decide` makes the rollout of what was found, or throws to write nothing.
   */
  create: (
    organisationId: number,
    packageId: string,
    scope: DeviceScope,
    deviceIds: number[],
    decide: (found: {
      pkg: PackageRow | undefined;
      checkers: { id: string; firmware: string }[];
      busy: string[];
    }) => NewRollout,
  ) =>
    db.transaction().execute(async (tx) => {
      const pkg = await sql<PackageRow>`
        SELECT kind, version, file_name, size_bytes, sha256 FROM software_packages WHERE id = ${packageId} AND organisation_id = ${organisationId}
        FOR SHARE`.execute(tx);
      const checkers = await sql<{ id: string; firmware: string }>`
        SELECT d.id, d.firmware FROM devices d WHERE ${checkersInScope(scope, deviceIds)}
        ORDER BY d.id FOR UPDATE OF d`.execute(tx);
      const busy = await sql<{ device_id: string }>`
        SELECT DISTINCT t.device_id FROM firmware_rollout_targets t JOIN firmware_rollouts r ON r.id = t.rollout_id
        WHERE t.device_id = ANY(${arrayLiteral(checkers.rows.map((c) => c.id))}::bigint[])
          AND t.state IN ('pending', 'downloading', 'installing') AND r.state IN ('running', 'paused')`.execute(tx);
      const rollout = decide({
        pkg: pkg.rows[0],
        checkers: checkers.rows,
        busy: busy.rows.map((b) => b.device_id),
      });
      await tx.insertInto("firmware_rollouts").values(rollout).execute();
      await tx
        .insertInto("firmware_rollout_targets")
        .values(
          checkers.rows.map((c) => ({
            rollout_id: rollout.id,
            device_id: Number(c.id),
            from_firmware: c.firmware,
            updated_at: rollout.created_at,
          })),
        )
        .execute();
      return rollout.id;
    }),

  async page(organisationId: number, packageId: string | undefined, limit: number, offset: number) {
    const filter = packageId === undefined ? sql`` : sql`AND r.package_id = ${packageId}`;
    const [rows, total] = await Promise.all([
      sql<RolloutRow>`
        SELECT ${rolloutColumns} FROM ${rolloutFrom}
        WHERE r.organisation_id = ${organisationId} ${filter}
        ORDER BY r.created_at DESC, r.id LIMIT ${limit} OFFSET ${offset}`.execute(db),
      sql<{ n: string }>`
        SELECT count(*) AS n FROM firmware_rollouts r WHERE r.organisation_id = ${organisationId} ${filter}`.execute(
        db,
      ),
    ]);
    return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  },

  async find(organisationId: number, id: string): Promise<RolloutRow | undefined> {
    const rows = await sql<RolloutRow>`
      SELECT ${rolloutColumns} FROM ${rolloutFrom} WHERE r.organisation_id = ${organisationId} AND r.id = ${id}`.execute(
      db,
    );
    return rows.rows[0];
  },

  /** A rollout's targets: updating first, then failed, waiting and done, each by checker code. */
  async targets(rolloutId: string, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      sql<TargetRow>`
        SELECT t.device_id, d.device_code, d.alias, d.status, d.firmware, t.from_firmware, t.state, t.percent,
          t.failure, t.sent_at, t.updated_at
        FROM firmware_rollout_targets t JOIN devices d ON d.id = t.device_id
        WHERE t.rollout_id = ${rolloutId}
        ORDER BY CASE t.state WHEN 'installing' THEN 0 WHEN 'downloading' THEN 1 WHEN 'failed' THEN 2
                              WHEN 'pending' THEN 3 ELSE 4 END, d.device_code, t.device_id
        LIMIT ${limit} OFFSET ${offset}`.execute(db),
      sql<{ n: string }>`SELECT count(*) AS n FROM firmware_rollout_targets WHERE rollout_id = ${rolloutId}`.execute(
        db,
      ),
    ]);
    return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  },

  /** `from` → `to` in one statement: of two callers at once, one moves it. False when it was not in `from`. */
  async move(organisationId: number, id: string, from: string, to: string): Promise<boolean> {
    const result = await db
      .updateTable("firmware_rollouts")
      .set({ state: to as "running" })
      .where("organisation_id", "=", organisationId)
      .where("id", "=", id)
      .where("state", "=", from as "running")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /**
   * Picks the targets to send their update now and marks them downloading, in the caller's
   * transaction: per running rollout (locked, skipping one another instance is dispatching), as
   * many pending targets as it has room for, of checkers that are connected and run no task.
   */
  async pickDue(tx: Tx): Promise<DispatchRow[]> {
    const rows = await sql<DispatchRow>`
      WITH r AS (
        SELECT r.id, r.organisation_id, r.version, r.size_bytes, r.sha256, r.created_by,
          r.max_in_flight - (SELECT count(*) FROM firmware_rollout_targets f
                             WHERE f.rollout_id = r.id AND f.state IN ('downloading', 'installing')) AS room
        FROM firmware_rollouts r WHERE r.state = 'running'
        ORDER BY r.id FOR UPDATE OF r SKIP LOCKED
      )
      SELECT r.id AS rollout_id, r.organisation_id, p.device_id, p.serial_number, r.version, r.size_bytes, r.sha256,
        r.created_by
      FROM r CROSS JOIN LATERAL (
        SELECT t.device_id, d.serial_number FROM firmware_rollout_targets t JOIN devices d ON d.id = t.device_id
        WHERE t.rollout_id = r.id AND t.state = 'pending' AND d.status <> 'offline' AND d.current_task_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM firmware_rollout_targets o
                          WHERE o.device_id = t.device_id AND o.state IN ('downloading', 'installing'))
        ORDER BY t.device_id LIMIT greatest(r.room, 0)) p`.execute(tx);
    return rows.rows;
  },

  /** The picked targets go out: each with its command and the hash of its download token. */
  async markSent(
    tx: Tx,
    sent: { rolloutId: string; deviceId: number; commandId: string; tokenHash: string }[],
    at: Date,
  ): Promise<void> {
    if (sent.length === 0) return;
    await sql`
      UPDATE firmware_rollout_targets t SET state = 'downloading', percent = 0, command_id = v.command_id,
        token_hash = v.token_hash, sent_at = ${at}, reported_at = NULL, updated_at = ${at}
      FROM unnest(${arrayLiteral(sent.map((s) => s.rolloutId))}::uuid[], ${arrayLiteral(sent.map((s) => s.deviceId))}::bigint[],
        ${arrayLiteral(sent.map((s) => s.commandId))}::uuid[], ${arrayLiteral(sent.map((s) => s.tokenHash))}::text[])
        AS v(rollout_id, device_id, command_id, token_hash)
      WHERE t.rollout_id = v.rollout_id AND t.device_id = v.device_id AND t.state = 'pending'`.execute(tx);
  },

  /** A target whose command could not be published waits again: the next round sends it anew. */
  async unsend(rolloutId: string, deviceId: number, commandId: string): Promise<void> {
    await db
      .updateTable("firmware_rollout_targets")
      .set({ state: "pending", command_id: null, token_hash: null, sent_at: null })
      .where("rollout_id", "=", rolloutId)
      .where("device_id", "=", deviceId)
      .where("command_id", "=", commandId)
      .where("reported_at", "is", null)
      .execute();
  },

  /** The package a checker may download now: its target downloads and the token is the one it was sent. */
  async downloadable(rolloutId: string, deviceId: number, tokenHash: string) {
    return db
      .selectFrom("firmware_rollout_targets as t")
      .innerJoin("firmware_rollouts as r", "r.id", "t.rollout_id")
      .where("t.rollout_id", "=", rolloutId)
      .where("t.device_id", "=", deviceId)
      .where("t.state", "=", "downloading")
      .where("t.token_hash", "=", tokenHash)
      .select(["r.sha256", "r.file_name", "r.size_bytes"])
      .executeTakeFirst();
  },
});

export type RolloutRepository = ReturnType<typeof createRolloutRepository>;
