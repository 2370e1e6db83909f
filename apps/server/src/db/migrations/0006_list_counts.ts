import { type Kysely, sql } from "kysely";

/**
 * Counts and aggregates that lists, statistics and the dashboard read, kept up to date as rows
 * change instead of recomputed over all history per request (a large channel has a million fault
 * rows). Triggers are statement-level with transition tables, so a batch of a thousand faults from
 * the device link costs one aggregated update per counter, not a thousand.
 *
 * - projects.{himit,hidom,smarttouch,checker}_count, open_fault_count: the project list's columns.
 * - scope_counts(organisation_id, subject, n): per-organisation totals ("projects", "projects:alarm",
 *   "devices:<kind>", "devices:<kind>:<status>", "outdoor_units", "indoor_units", "faults",
 *   "faults:open") for the unfiltered totals of lists and the dashboard.
 * - fault_counts_quarter / fault_counts_code_hour / fault_counts_code_day: faults raised (and
 *   still open) per organisation in UTC buckets. Quarter hours make a local day exact for every
 *   UTC offset (they are all multiples of 15 minutes); codes by hour and by day serve the
 *   per-code counts with day buckets inside a range and hours at its edges.
 * - outdoor_units/indoor_units.organisation_id: a copy of the device's, so unit lists filter and
 *   page on one index without joining every device first.
 */

/** The rows of a statement as (+1) and (-1) contributions; `new_rows`/`old_rows` are transition tables. */
const signedRows = (op: "insert" | "delete" | "update", columns: string) =>
  ({
    insert: `SELECT ${columns}, 1 AS sign FROM new_rows`,
    delete: `SELECT ${columns}, -1 AS sign FROM old_rows`,
    update: `SELECT ${columns}, 1 AS sign FROM new_rows UNION ALL SELECT ${columns}, -1 AS sign FROM old_rows`,
  })[op];

const bumpScopeCounts = (delta: string) => `
  INSERT INTO scope_counts AS c (organisation_id, subject, n)
  SELECT organisation_id, subject, sum(sign) FROM (${delta}) x
  GROUP BY organisation_id, subject HAVING sum(sign) <> 0
  ORDER BY organisation_id, subject
  ON CONFLICT (organisation_id, subject) DO UPDATE SET n = c.n + excluded.n;`;

const faultColumns = `organisation_id, project_id, code, occurred_at, (repaired_at IS NULL) AS open`;

const faultTriggerBody = (op: "insert" | "delete" | "update") => `
  UPDATE projects p SET open_fault_count = p.open_fault_count + x.n
  FROM (SELECT project_id, sum(sign) AS n FROM (${signedRows(op, faultColumns)}) d
        WHERE open AND project_id IS NOT NULL GROUP BY project_id HAVING sum(sign) <> 0 ORDER BY project_id) x
  WHERE p.id = x.project_id;
  ${bumpScopeCounts(`SELECT organisation_id, 'faults' AS subject, sign FROM (${signedRows(op, faultColumns)}) d
    UNION ALL SELECT organisation_id, 'faults:open', sign FROM (${signedRows(op, faultColumns)}) d WHERE open`)}
  INSERT INTO fault_counts_quarter AS c (organisation_id, bucket, total, open)
  SELECT organisation_id, date_bin('15 minutes', occurred_at, timestamptz '2000-01-01 00:00:00+00'),
         sum(sign), coalesce(sum(sign) FILTER (WHERE open), 0)
  FROM (${signedRows(op, faultColumns)}) d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organisation_id, bucket) DO UPDATE
    SET total = c.total + excluded.total, open = c.open + excluded.open;
  INSERT INTO fault_counts_code_hour AS c (organisation_id, code, bucket, total, open)
  SELECT organisation_id, code, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'),
         sum(sign), coalesce(sum(sign) FILTER (WHERE open), 0)
  FROM (${signedRows(op, faultColumns)}) d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organisation_id, code, bucket) DO UPDATE
    SET total = c.total + excluded.total, open = c.open + excluded.open;
  INSERT INTO fault_counts_code_day AS c (organisation_id, code, day, total, open)
  SELECT organisation_id, code, (occurred_at AT TIME ZONE 'UTC')::date, sum(sign), coalesce(sum(sign) FILTER (WHERE open), 0)
  FROM (${signedRows(op, faultColumns)}) d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organisation_id, code, day) DO UPDATE
    SET total = c.total + excluded.total, open = c.open + excluded.open;`;

const deviceColumns = `id, organisation_id, project_id, kind, status`;

const deviceTriggerBody = (op: "insert" | "delete" | "update") => `
  UPDATE projects p SET himit_count = p.himit_count + x.himit, hidom_count = p.hidom_count + x.hidom,
                        smarttouch_count = p.smarttouch_count + x.smarttouch, checker_count = p.checker_count + x.checker
  FROM (SELECT project_id,
               coalesce(sum(sign) FILTER (WHERE kind = 'himit'), 0) AS himit,
               coalesce(sum(sign) FILTER (WHERE kind = 'hidom'), 0) AS hidom,
               coalesce(sum(sign) FILTER (WHERE kind = 'smarttouch'), 0) AS smarttouch,
               coalesce(sum(sign) FILTER (WHERE kind = 'checker'), 0) AS checker
        FROM (${signedRows(op, deviceColumns)}) d WHERE project_id IS NOT NULL
        GROUP BY project_id ORDER BY project_id) x
  WHERE p.id = x.project_id AND (x.himit <> 0 OR x.hidom <> 0 OR x.smarttouch <> 0 OR x.checker <> 0);
  ${bumpScopeCounts(`SELECT organisation_id, 'devices:' || kind AS subject, sign FROM (${signedRows(op, deviceColumns)}) d
    UNION ALL SELECT organisation_id, 'devices:' || kind || ':' || status, sign FROM (${signedRows(op, deviceColumns)}) d`)}
  ${
    op === "update"
      ? `UPDATE outdoor_units u SET organisation_id = n.organisation_id
           FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE u.device_id = n.id AND n.organisation_id <> o.organisation_id;
         UPDATE indoor_units u SET organisation_id = n.organisation_id
           FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE u.device_id = n.id AND n.organisation_id <> o.organisation_id;`
      : ""
  }`;

const projectTriggerBody = (op: "insert" | "delete" | "update") =>
  bumpScopeCounts(`SELECT organisation_id, 'projects' AS subject, sign FROM (${signedRows(op, "organisation_id, open_fault_count")}) d
    UNION ALL SELECT organisation_id, 'projects:alarm', sign FROM (${signedRows(op, "organisation_id, open_fault_count")}) d
    WHERE open_fault_count > 0`);

const unitTriggerBody = (table: string) => (op: "insert" | "delete" | "update") =>
  bumpScopeCounts(`SELECT organisation_id, '${table}' AS subject, sign FROM (${signedRows(op, "organisation_id")}) d`);

/** One function and trigger per operation: a transition table exists only for the operation that declares it. */
const statementTriggers = (table: string, name: string, body: (op: "insert" | "delete" | "update") => string) =>
  (["insert", "delete", "update"] as const).flatMap((op) => [
    `CREATE FUNCTION ${name}_${op}d() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${body(op)}
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER ${name}_${op}d AFTER ${op.toUpperCase()} ON ${table}
       REFERENCING ${op === "insert" ? "NEW TABLE AS new_rows" : op === "delete" ? "OLD TABLE AS old_rows" : "OLD TABLE AS old_rows NEW TABLE AS new_rows"}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}_${op}d()`,
  ]);

const unitOrganisation = (table: string) => [
  `ALTER TABLE ${table} ADD COLUMN organisation_id bigint`,
  `UPDATE ${table} u SET organisation_id = d.organisation_id FROM devices d WHERE d.id = u.device_id`,
  `ALTER TABLE ${table} ALTER COLUMN organisation_id SET NOT NULL`,
  // Whoever inserts a unit names its device; the organisation follows from it.
  `CREATE FUNCTION ${table}_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.organisation_id IS NULL OR TG_OP = 'UPDATE' THEN
       NEW.organisation_id := (SELECT organisation_id FROM devices WHERE id = NEW.device_id);
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER ${table}_organisation BEFORE INSERT OR UPDATE OF device_id ON ${table}
     FOR EACH ROW EXECUTE FUNCTION ${table}_organisation()`,
  // The list's default order: a device's units together, by system and address.
  `CREATE INDEX ${table}_organisation_idx ON ${table} (organisation_id, device_id, system_number, address, id)`,
];

const statements = [
  `ALTER TABLE projects
     ADD COLUMN himit_count integer NOT NULL DEFAULT 0,
     ADD COLUMN hidom_count integer NOT NULL DEFAULT 0,
     ADD COLUMN smarttouch_count integer NOT NULL DEFAULT 0,
     ADD COLUMN checker_count integer NOT NULL DEFAULT 0,
     ADD COLUMN open_fault_count integer NOT NULL DEFAULT 0`,
  `UPDATE projects p SET himit_count = x.himit, hidom_count = x.hidom, smarttouch_count = x.smarttouch,
                         checker_count = x.checker
   FROM (SELECT project_id, count(*) FILTER (WHERE kind = 'himit') AS himit,
                count(*) FILTER (WHERE kind = 'hidom') AS hidom,
                count(*) FILTER (WHERE kind = 'smarttouch') AS smarttouch,
                count(*) FILTER (WHERE kind = 'checker') AS checker
         FROM devices WHERE project_id IS NOT NULL GROUP BY project_id) x
   WHERE p.id = x.project_id`,
  `UPDATE projects p SET open_fault_count = x.n
   FROM (SELECT project_id, count(*) AS n FROM faults WHERE repaired_at IS NULL AND project_id IS NOT NULL
         GROUP BY project_id) x
   WHERE p.id = x.project_id`,
  ...unitOrganisation("outdoor_units"),
  ...unitOrganisation("indoor_units"),

  `CREATE TABLE scope_counts (
    organisation_id bigint NOT NULL,
    subject text NOT NULL,
    n bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (organisation_id, subject)
  )`,
  `INSERT INTO scope_counts (organisation_id, subject, n)
   SELECT organisation_id, 'projects', count(*) FROM projects GROUP BY 1
   UNION ALL SELECT organisation_id, 'projects:alarm', count(*) FROM projects WHERE open_fault_count > 0 GROUP BY 1
   UNION ALL SELECT organisation_id, 'devices:' || kind, count(*) FROM devices GROUP BY 1, 2
   UNION ALL SELECT organisation_id, 'devices:' || kind || ':' || status, count(*) FROM devices GROUP BY 1, 2
   UNION ALL SELECT organisation_id, 'outdoor_units', count(*) FROM outdoor_units GROUP BY 1
   UNION ALL SELECT organisation_id, 'indoor_units', count(*) FROM indoor_units GROUP BY 1
   UNION ALL SELECT organisation_id, 'faults', count(*) FROM faults GROUP BY 1
   UNION ALL SELECT organisation_id, 'faults:open', count(*) FROM faults WHERE repaired_at IS NULL GROUP BY 1`,

  `CREATE TABLE fault_counts_quarter (
    organisation_id bigint NOT NULL,
    bucket timestamptz NOT NULL,
    total integer NOT NULL,
    open integer NOT NULL,
    PRIMARY KEY (organisation_id, bucket)
  )`,
  `CREATE TABLE fault_counts_code_hour (
    organisation_id bigint NOT NULL,
    code text NOT NULL,
    bucket timestamptz NOT NULL,
    total integer NOT NULL,
    open integer NOT NULL,
    PRIMARY KEY (organisation_id, code, bucket)
  )`,
  `CREATE TABLE fault_counts_code_day (
    organisation_id bigint NOT NULL,
    code text NOT NULL,
    day date NOT NULL,
    total integer NOT NULL,
    open integer NOT NULL,
    PRIMARY KEY (organisation_id, code, day)
  )`,
  // The day table is also read by day range across codes.
  `CREATE INDEX fault_counts_code_day_day_idx ON fault_counts_code_day (organisation_id, day)`,
  `INSERT INTO fault_counts_quarter (organisation_id, bucket, total, open)
   SELECT organisation_id, date_bin('15 minutes', occurred_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
          count(*) FILTER (WHERE repaired_at IS NULL)
   FROM faults GROUP BY 1, 2`,
  `INSERT INTO fault_counts_code_hour (organisation_id, code, bucket, total, open)
   SELECT organisation_id, code, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
          count(*) FILTER (WHERE repaired_at IS NULL)
   FROM faults GROUP BY 1, 2, 3`,
  `INSERT INTO fault_counts_code_day (organisation_id, code, day, total, open)
   SELECT organisation_id, code, (occurred_at AT TIME ZONE 'UTC')::date, count(*),
          count(*) FILTER (WHERE repaired_at IS NULL)
   FROM faults GROUP BY 1, 2, 3`,

  ...statementTriggers("faults", "faults_counted", faultTriggerBody),
  ...statementTriggers("devices", "devices_counted", deviceTriggerBody),
  ...statementTriggers("projects", "projects_counted", projectTriggerBody),
  ...statementTriggers("outdoor_units", "outdoor_units_counted", unitTriggerBody("outdoor_units")),
  ...statementTriggers("indoor_units", "indoor_units_counted", unitTriggerBody("indoor_units")),

  // Lists: the scope filter then the default sort, with the id tie-breaker, so a page is an index range.
  `DROP INDEX projects_organisation_idx`,
  `CREATE INDEX projects_organisation_idx ON projects (organisation_id, created_at DESC, id DESC)`,
  `CREATE INDEX projects_alarm_idx ON projects (organisation_id, created_at DESC, id DESC) WHERE open_fault_count > 0`,
  `CREATE INDEX devices_last_seen_idx ON devices (organisation_id, kind, last_seen_at DESC NULLS LAST, id DESC)`,
  `CREATE INDEX devices_status_idx ON devices (organisation_id, kind, status, last_seen_at DESC NULLS LAST, id DESC)`,
  `DROP INDEX faults_organisation_time_idx`,
  `CREATE INDEX faults_organisation_time_idx ON faults (organisation_id, occurred_at DESC, id DESC)`,
  `CREATE INDEX faults_organisation_open_idx ON faults (organisation_id, occurred_at DESC, id DESC) WHERE repaired_at IS NULL`,
  `CREATE INDEX faults_organisation_code_idx ON faults (organisation_id, code, occurred_at DESC, id DESC)`,
  `DROP INDEX faults_device_idx`,
  `CREATE INDEX faults_device_idx ON faults (device_id, occurred_at DESC, id DESC)`,
  `CREATE INDEX faults_project_idx ON faults (project_id, occurred_at DESC, id DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
