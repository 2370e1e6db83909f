import { type Kysely, sql } from "kysely";

/**
 * Hi-Checker tasks (contract hi-checker/tasks.ts) and the bus frames capture tasks grab.
 *
 * - One open task per checker is a partial unique index, so two engineers starting a task on the
 *   same checker at once cannot both win, whatever instance each request reaches.
 * - A task belongs to its checker's organisation (`organisation_id`, copied at creation): lists of
 *   a distributor's channel read it off their own index without joining devices.
 * - Frames are numbered per task (`n`, 1, 2, …) in the order they were written: the message
 *   report pages by `n` with the primary key however deep the page. The count that hands out the
 *   numbers is the task row's `frame_count`, moved in the statement that inserts the frames.
 * - Frames are kept as bytes; their addresses and command are read once, on arrival, into
 *   columns the message report filters on (contract device/bus-frame.ts).
 * - `stored_bytes_at_start` is the checker's `devices.stored_bytes` when the task started: what a
 *   collection task kept is the checker's growth since then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE checker_tasks (
      id uuid PRIMARY KEY,
      organisation_id bigint NOT NULL REFERENCES organisations (id),
      device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('capture', 'collection')),
      name text NOT NULL,
      notes text NOT NULL DEFAULT '',
      interval_s integer NOT NULL CHECK (interval_s BETWEEN 1 AND 86400),
      end_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'starting'
        CHECK (status IN ('starting', 'running', 'stopping', 'finished', 'stopped', 'failed')),
      failure text CHECK (failure IN ('rejected', 'timedOut', 'brokerUnavailable')),
      created_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      ended_at timestamptz,
      start_command_id uuid NOT NULL,
      stop_command_id uuid,
      frame_count bigint NOT NULL DEFAULT 0,
      frame_bytes bigint NOT NULL DEFAULT 0,
      snapshot_count bigint,
      stored_bytes_at_start bigint,
      stored_bytes_at_end bigint,
      CHECK ((status IN ('finished', 'stopped', 'failed')) = (ended_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX checker_tasks_one_open ON checker_tasks (device_id) WHERE ended_at IS NULL`.execute(db);
  await sql`CREATE INDEX checker_tasks_device_idx ON checker_tasks (device_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX checker_tasks_organisation_idx ON checker_tasks (organisation_id, created_at DESC, id)`.execute(
    db,
  );
  // The housekeeping sweep: open tasks whose end time passed without the checker saying so.
  await sql`CREATE INDEX checker_tasks_open_end_idx ON checker_tasks (end_at) WHERE ended_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE capture_frames (
      task_id uuid NOT NULL REFERENCES checker_tasks (id) ON DELETE CASCADE,
      n bigint NOT NULL,
      at timestamptz NOT NULL,
      source smallint,
      destination smallint,
      command smallint,
      raw bytea NOT NULL,
      PRIMARY KEY (task_id, n)
    )`.execute(db);
  // The message report's filters: one unit's traffic (from or to its address) and one command,
  // each in frame order within the task.
  await sql`CREATE INDEX capture_frames_source_idx ON capture_frames (task_id, source, n)`.execute(db);
  await sql`CREATE INDEX capture_frames_destination_idx ON capture_frames (task_id, destination, n)`.execute(db);
  await sql`CREATE INDEX capture_frames_command_idx ON capture_frames (task_id, command, n)`.execute(db);
}
