import { type Kysely, sql } from "kysely";

/**
 * Distributor Cloud: the channel (sub-distributor links), projects, devices and
 * their units, faults, repair reports. Every business row carries the owning
 * organisation so each query can be scoped in SQL.
 */
const statements = [
  // A sub-distributor is another organisation associated under a parent. One row per invitation;
  // only one row per (parent, child) may be open (not released/returned) at a time.
  `CREATE TABLE sub_distributor_links (
    id bigserial PRIMARY KEY,
    parent_organisation_id bigint NOT NULL REFERENCES organisations(id),
    child_organisation_id bigint NOT NULL REFERENCES organisations(id),
    invited_account_id bigint NOT NULL REFERENCES accounts(id),
    note text NOT NULL DEFAULT '',
    status smallint NOT NULL CHECK (status BETWEEN 0 AND 4),
    return_reason text,
    created_by bigint NOT NULL REFERENCES accounts(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (parent_organisation_id <> child_organisation_id)
  )`,
  `CREATE INDEX sub_distributor_links_parent_idx ON sub_distributor_links (parent_organisation_id, status)`,
  `CREATE INDEX sub_distributor_links_child_idx ON sub_distributor_links (child_organisation_id, status)`,
  `CREATE UNIQUE INDEX sub_distributor_links_open_idx ON sub_distributor_links (parent_organisation_id, child_organisation_id)
    WHERE status IN (0, 1, 2)`,
  `CREATE TABLE sub_distributor_events (
    id bigserial PRIMARY KEY,
    link_id bigint NOT NULL REFERENCES sub_distributor_links(id) ON DELETE CASCADE,
    from_status smallint,
    to_status smallint NOT NULL,
    reason text,
    actor_account_id bigint NOT NULL REFERENCES accounts(id),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX sub_distributor_events_link_idx ON sub_distributor_events (link_id, created_at)`,

  `CREATE TABLE projects (
    id bigserial PRIMARY KEY,
    organisation_id bigint NOT NULL REFERENCES organisations(id),
    code text NOT NULL UNIQUE,
    name text NOT NULL,
    contact_person text NOT NULL,
    contact_phone text NOT NULL,
    country_code text NOT NULL DEFAULT '',
    city_code text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    latitude double precision,
    longitude double precision,
    created_by bigint REFERENCES accounts(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX projects_organisation_idx ON projects (organisation_id, created_at DESC)`,
  `CREATE INDEX projects_name_idx ON projects (lower(name))`,

  // kind: himit | hidom | smarttouch | checker. Serial numbers are unique across the maker's range.
  `CREATE TABLE devices (
    id bigserial PRIMARY KEY,
    organisation_id bigint NOT NULL REFERENCES organisations(id),
    project_id bigint REFERENCES projects(id),
    kind text NOT NULL CHECK (kind IN ('himit', 'hidom', 'smarttouch', 'checker')),
    device_code text NOT NULL,
    serial_number text NOT NULL UNIQUE,
    alias text NOT NULL DEFAULT '',
    model text NOT NULL DEFAULT '',
    firmware text NOT NULL DEFAULT '',
    module_version text NOT NULL DEFAULT '',
    mcu_version text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'offline',
    checker_type text CHECK (checker_type IN ('temporary', 'stationary')),
    storage_capacity_mb integer,
    used_capacity_mb integer,
    system_number integer CHECK (system_number BETWEEN 0 AND 63),
    install_date date,
    admin_account_id bigint REFERENCES accounts(id),
    last_seen_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (kind, device_code)
  )`,
  `CREATE INDEX devices_organisation_kind_idx ON devices (organisation_id, kind, created_at DESC)`,
  `CREATE INDEX devices_project_idx ON devices (project_id)`,
  `CREATE TABLE device_bound_users (
    device_id bigint NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (device_id, account_id)
  )`,
  `CREATE TABLE device_status_history (
    id bigserial PRIMARY KEY,
    device_id bigint NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    status text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX device_status_history_device_idx ON device_status_history (device_id, created_at DESC)`,

  `CREATE TABLE outdoor_units (
    id bigserial PRIMARY KEY,
    device_id bigint NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    system_number integer NOT NULL CHECK (system_number BETWEEN 0 AND 63),
    address integer NOT NULL CHECK (address BETWEEN 0 AND 7),
    model text NOT NULL DEFAULT '',
    serial_number text NOT NULL DEFAULT '',
    capacity_kw real,
    status text NOT NULL DEFAULT 'normal',
    running_hours integer NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (device_id, system_number, address)
  )`,
  `CREATE TABLE indoor_units (
    id bigserial PRIMARY KEY,
    device_id bigint NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    system_number integer NOT NULL CHECK (system_number BETWEEN 0 AND 63),
    address integer NOT NULL CHECK (address BETWEEN 0 AND 63),
    model text NOT NULL DEFAULT '',
    serial_number text NOT NULL DEFAULT '',
    capacity_kw real,
    status text NOT NULL DEFAULT 'normal',
    power_on boolean NOT NULL DEFAULT false,
    mode text NOT NULL DEFAULT 'cooling',
    set_temperature real,
    room_temperature real,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (device_id, system_number, address)
  )`,

  `CREATE TABLE fault_codes (
    code text PRIMARY KEY,
    name_zh text NOT NULL,
    name_en text NOT NULL,
    checks_zh text NOT NULL,
    checks_en text NOT NULL,
    severity text NOT NULL DEFAULT 'major'
  )`,
  `CREATE TABLE faults (
    id bigserial PRIMARY KEY,
    organisation_id bigint NOT NULL REFERENCES organisations(id),
    project_id bigint REFERENCES projects(id),
    device_id bigint NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    code text NOT NULL,
    system_number integer CHECK (system_number BETWEEN 0 AND 63),
    outdoor_address integer CHECK (outdoor_address BETWEEN 0 AND 7),
    indoor_address integer CHECK (indoor_address BETWEEN 0 AND 63),
    occurred_at timestamptz NOT NULL,
    repaired_at timestamptz
  )`,
  `CREATE INDEX faults_organisation_time_idx ON faults (organisation_id, occurred_at DESC)`,
  `CREATE INDEX faults_device_idx ON faults (device_id, occurred_at DESC)`,
  `CREATE INDEX faults_open_idx ON faults (project_id) WHERE repaired_at IS NULL`,

  // status: 0 unresolved, 1 in process, 2 resolved. organisation_id is null until matched by serial.
  `CREATE TABLE repair_reports (
    id bigserial PRIMARY KEY,
    organisation_id bigint REFERENCES organisations(id),
    device_id bigint REFERENCES devices(id) ON DELETE SET NULL,
    user_name text NOT NULL,
    country text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    email text NOT NULL DEFAULT '',
    phone text NOT NULL DEFAULT '',
    product_model text NOT NULL DEFAULT '',
    serial_number text NOT NULL,
    content text NOT NULL,
    status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
    reported_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX repair_reports_organisation_idx ON repair_reports (organisation_id, reported_at DESC)`,
  `CREATE TABLE repair_report_notes (
    id bigserial PRIMARY KEY,
    report_id bigint NOT NULL REFERENCES repair_reports(id) ON DELETE CASCADE,
    account_id bigint NOT NULL REFERENCES accounts(id),
    note text NOT NULL DEFAULT '',
    from_status smallint,
    to_status smallint,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX repair_report_notes_report_idx ON repair_report_notes (report_id, created_at)`,

  // The daily fault report is sent once per account and local day, whichever instance gets there first.
  `CREATE TABLE daily_report_runs (
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    local_date date NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, local_date)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
