import { sql } from "kysely";
import type { Db } from "../../src/db/open.ts";

interface CountRow {
  kind: string;
  key: string;
  n: number;
}

/**
 * The counts the triggers of 0006_list_counts and 0009_fault_hours keep (scope_counts, each
 * project's device and open-fault columns, and the faults per organisation and hour) beside the same counts recomputed from the rows, each as sorted lines, so a
 * test compares them with one `toEqual`.
 */
export async function recountedCounts(db: Db): Promise<{ kept: string[]; expected: string[] }> {
  const { rows } = await sql<CountRow>`
    SELECT 'scope' AS kind, organisation_id || '/' || subject AS key, n::int AS n FROM scope_counts WHERE n <> 0
    UNION ALL SELECT 'project', id || '/' || concat_ws(',', himit_count, hidom_count, smarttouch_count, checker_count, open_fault_count), 0 FROM projects
    UNION ALL SELECT 'hour', organisation_id || '/' || to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') || '/' || open, total
      FROM fault_counts_hour WHERE total <> 0 OR open <> 0
  `.execute(db);
  const { rows: expected } = await sql<CountRow>`
    SELECT 'scope' AS kind, key, n::int AS n FROM (
      SELECT organisation_id || '/projects' AS key, count(*) AS n FROM projects GROUP BY organisation_id
      UNION ALL SELECT organisation_id || '/projects:alarm', count(*) FROM projects p
        WHERE EXISTS (SELECT 1 FROM faults f WHERE f.project_id = p.id AND f.repaired_at IS NULL) GROUP BY organisation_id
      UNION ALL SELECT organisation_id || '/devices:' || kind, count(*) FROM devices GROUP BY 1
      UNION ALL SELECT organisation_id || '/devices:' || kind || ':' || status, count(*) FROM devices GROUP BY 1
      UNION ALL SELECT d.organisation_id || '/outdoor_units', count(*) FROM outdoor_units u JOIN devices d ON d.id = u.device_id GROUP BY 1
      UNION ALL SELECT d.organisation_id || '/indoor_units', count(*) FROM indoor_units u JOIN devices d ON d.id = u.device_id GROUP BY 1
      UNION ALL SELECT organisation_id || '/faults', count(*) FROM faults GROUP BY 1
      UNION ALL SELECT organisation_id || '/faults:open', count(*) FROM faults WHERE repaired_at IS NULL GROUP BY 1
    ) x
    UNION ALL SELECT 'project', p.id || '/' || concat_ws(',',
      (SELECT count(*) FROM devices d WHERE d.project_id = p.id AND d.kind = 'himit'),
      (SELECT count(*) FROM devices d WHERE d.project_id = p.id AND d.kind = 'hidom'),
      (SELECT count(*) FROM devices d WHERE d.project_id = p.id AND d.kind = 'smarttouch'),
      (SELECT count(*) FROM devices d WHERE d.project_id = p.id AND d.kind = 'checker'),
      (SELECT count(*) FROM faults f WHERE f.project_id = p.id AND f.repaired_at IS NULL)), 0
    FROM projects p
    UNION ALL SELECT 'hour', organisation_id || '/' || to_char(date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24')
        || '/' || count(*) FILTER (WHERE repaired_at IS NULL), count(*)
      FROM faults GROUP BY organisation_id, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00')
  `.execute(db);
  const sorted = (list: CountRow[]) => list.map((r) => `${r.kind} ${r.key} ${Number(r.n)}`).sort();
  return { kept: sorted(rows), expected: sorted(expected) };
}
