import { type Kysely, sql } from "kysely";

/**
 * Software packages of the Hi-Checker module (contract hi-checker/software-packages.ts): the PC
 * service software and the checkers' firmware an organisation keeps for its engineers.
 *
 * - The bytes are a file under DATA_DIR named by their sha256 (modules/software-packages/
 *   package-store.ts); a row names it, and two rows with the same bytes share one file.
 * - One version of a kind per organisation: `version_key` is the version without its optional
 *   leading "V" and lower-cased, so "V1.2.3" and "1.2.3" are the same version.
 * - A package belongs to the organisation of whoever imported it; the list pages newest first
 *   off the organisation's index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE software_packages (
      id uuid PRIMARY KEY,
      organisation_id bigint NOT NULL REFERENCES organisations (id),
      kind text NOT NULL CHECK (kind IN ('pc', 'firmware')),
      version text NOT NULL,
      version_key text NOT NULL,
      file_name text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes > 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      imported_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
      imported_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX software_packages_version_key ON software_packages (organisation_id, kind, version_key)`.execute(
    db,
  );
  await sql`CREATE INDEX software_packages_organisation_idx ON software_packages (organisation_id, imported_at DESC, id)`.execute(
    db,
  );
  // Whether a file is still named by another row when one is deleted.
  await sql`CREATE INDEX software_packages_sha256_idx ON software_packages (sha256)`.execute(db);
}
