import { type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_accounts.ts";
import * as m0002 from "./migrations/0002_distributor_cloud.ts";
import * as m0003 from "./migrations/0003_serial_numbers_any_case.ts";
import * as m0004 from "./migrations/0004_mail_outbox.ts";
import * as m0005 from "./migrations/0005_security_events.ts";
import * as m0006 from "./migrations/0006_list_counts.ts";
import * as m0007 from "./migrations/0007_device_link.ts";
import * as m0008 from "./migrations/0008_ingest_speed.ts";
import * as m0009 from "./migrations/0009_fault_hours.ts";
import * as m0010 from "./migrations/0010_fault_code_hour_by_time.ts";
import * as m0011 from "./migrations/0011_client_errors.ts";
import * as m0012 from "./migrations/0012_user_settings.ts";
import * as m0013 from "./migrations/0013_project_changes.ts";
import * as m0014 from "./migrations/0014_region_centres.ts";
import * as m0015 from "./migrations/0015_project_search_and_sorts.ts";
import * as m0016 from "./migrations/0016_team_members.ts";
import * as m0017 from "./migrations/0017_client_error_environment.ts";
import * as m0018 from "./migrations/0018_telemetry_without_default_partition.ts";
import * as m0019 from "./migrations/0019_data_changes.ts";
import * as m0020 from "./migrations/0020_telemetry_snapshots.ts";
import * as m0021 from "./migrations/0021_snapshot_matrices.ts";
import * as m0022 from "./migrations/0022_seq_windows.ts";
import * as m0023 from "./migrations/0023_seq_window_versions.ts";
import * as m0024 from "./migrations/0024_bound_checkers_by_account.ts";
import * as m0025 from "./migrations/0025_checker_tasks.ts";
import * as m0026 from "./migrations/0026_task_reports.ts";
import * as m0027 from "./migrations/0027_software_packages.ts";
import * as m0028 from "./migrations/0028_checker_faults.ts";
import * as m0029 from "./migrations/0029_firmware_rollouts.ts";
import * as m0030 from "./migrations/0030_device_dead_letters.ts";
import type { Db } from "./open.ts";
import { asMaintenance } from "./query-context.ts";

// Listed statically so the same files run from source, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  "0001_accounts": m0001,
  "0002_distributor_cloud": m0002,
  "0003_serial_numbers_any_case": m0003,
  "0004_mail_outbox": m0004,
  "0005_security_events": m0005,
  "0006_list_counts": m0006,
  "0007_device_link": m0007,
  "0008_ingest_speed": m0008,
  "0009_fault_hours": m0009,
  "0010_fault_code_hour_by_time": m0010,
  "0011_client_errors": m0011,
  "0012_user_settings": m0012,
  "0013_project_changes": m0013,
  "0014_region_centres": m0014,
  "0015_project_search_and_sorts": m0015,
  "0016_team_members": m0016,
  "0017_client_error_environment": m0017,
  "0018_telemetry_without_default_partition": m0018,
  "0019_data_changes": m0019,
  "0020_telemetry_snapshots": m0020,
  "0021_snapshot_matrices": m0021,
  "0022_seq_windows": m0022,
  "0023_seq_window_versions": m0023,
  "0024_bound_checkers_by_account": m0024,
  "0025_checker_tasks": m0025,
  "0026_task_reports": m0026,
  "0027_software_packages": m0027,
  "0028_checker_faults": m0028,
  "0029_firmware_rollouts": m0029,
  "0030_device_dead_letters": m0030,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema the tables live in when it is not the default.
 * Kysely looks for its own bookkeeping tables in every schema unless told which
 * one, so two databases side by side in one server (parallel test files) would
 * otherwise see each other's migration state.
 */
export async function migrateToLatest(
  db: Db,
  options: {
    schema?: string | undefined;
    /** Stop after this migration (a migration's own test starts from the tables before it). */
    until?: string;
  } = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
    // Work lands from parallel branches, so a database may have run a later-numbered migration
    // before an earlier one arrives; each migration stands on its own and runs once, whatever the order.
    allowUnorderedMigrations: true,
  });
  // Without a statement timeout: a long migration, or a second instance waiting for the migration
  // lock meanwhile, must not be cut off like a slow page.
  const { until } = options;
  const { error, results } = await asMaintenance(() =>
    until ? migrator.migrateTo(until) : migrator.migrateToLatest(),
  );
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
