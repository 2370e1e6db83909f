import { type Kysely, sql } from "kysely";

/**
 * Data reports of ended Hi-Checker tasks (contract hi-checker/task-reports.ts). A row holds what
 * the engineer wrote and the language the report is made in; the PDF itself is made from the
 * task's data each time it is downloaded, since an ended task's data no longer changes. A task
 * may have several reports; they go with their task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_reports (
      id uuid PRIMARY KEY,
      task_id uuid NOT NULL REFERENCES checker_tasks (id) ON DELETE CASCADE,
      title text NOT NULL DEFAULT '',
      notes text NOT NULL DEFAULT '',
      language text NOT NULL CHECK (language IN ('zh', 'en')),
      created_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX task_reports_task_idx ON task_reports (task_id, created_at DESC, id)`.execute(db);
}
