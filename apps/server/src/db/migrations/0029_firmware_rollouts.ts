import { type Kysely, sql } from "kysely";

/**
 * Firmware rollouts (contract hi-checker/rollouts.ts and rollout-rules.ts): a firmware package
 * sent to chosen checkers, a few at a time.
 *
 * - A rollout keeps its package's version, file name, size and hash: the package may be deleted
 *   once no rollout of it is open (running or paused), and the rollout's history stays readable.
 * - A target is one checker of a rollout. Its state moves as the checker reports (`ota` messages)
 *   or as the portal gives up on it; `token_hash` is the SHA-256 of the download link's token,
 *   set while it may download. A checker updates in one rollout at a time (the partial unique
 *   index); that it is in at most one open rollout is checked with its device row locked.
 * - The dispatcher reads the running rollouts only (partial index), and a rollout's targets in
 *   state order; the sweep reads the targets in flight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE firmware_rollouts (
      id uuid PRIMARY KEY,
      organisation_id bigint NOT NULL REFERENCES organisations (id),
      package_id uuid REFERENCES software_packages (id) ON DELETE SET NULL,
      version text NOT NULL,
      file_name text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes > 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'paused', 'halted', 'finished')),
      failure_share smallint NOT NULL CHECK (failure_share BETWEEN 1 AND 100),
      max_in_flight smallint NOT NULL CHECK (max_in_flight BETWEEN 1 AND 50),
      created_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      ended_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX firmware_rollouts_organisation_idx ON firmware_rollouts (organisation_id, created_at DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX firmware_rollouts_package_idx ON firmware_rollouts (package_id, created_at DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX firmware_rollouts_running_idx ON firmware_rollouts (id) WHERE state = 'running'`.execute(db);
  await sql`
    CREATE TABLE firmware_rollout_targets (
      rollout_id uuid NOT NULL REFERENCES firmware_rollouts (id) ON DELETE CASCADE,
      device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'downloading', 'installing', 'done', 'failed')),
      percent smallint NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
      failure text CHECK (failure IN ('download', 'checksum', 'size', 'install', 'rejected', 'timedOut')),
      from_firmware text NOT NULL,
      command_id uuid,
      token_hash text,
      sent_at timestamptz,
      reported_at timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (rollout_id, device_id)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX firmware_rollout_targets_in_flight ON firmware_rollout_targets (device_id)
    WHERE state IN ('downloading', 'installing')`.execute(db);
  await sql`
    CREATE INDEX firmware_rollout_targets_open_idx ON firmware_rollout_targets (device_id)
    WHERE state = 'pending'`.execute(db);
}
