import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface AccountTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  organisation_id: number;
  /** Comma-separated authority numbers, e.g. "2,5". */
  authorities: string;
  role_num: number;
  language_id: number;
  remember_select: Generated<number>;
  select_mode: number | null;
  privacy_version: number | null;
  failed_logins: Generated<number>;
  failed_window_start: Timestamp | null;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  /** The account's role in its organisation's team (`0016_team_members`). */
  team_role: Generated<"admin" | "member">;
}

/** A colleague invited into an organisation (`0016_team_members`); found by its token's hash. */
export interface TeamInvitationTable {
  id: Generated<number>;
  organisation_id: number;
  /** Lower case. */
  email: string;
  /** Comma-separated authority numbers the account will have, e.g. "5". */
  authorities: string;
  team_role: "admin" | "member";
  token_hash: string;
  invited_by: number | null;
  status: Generated<"pending" | "accepted" | "declined" | "cancelled">;
  created_at: Timestamp;
  expires_at: Timestamp;
  answered_at: Timestamp | null;
}

export interface MailboxCodeTable {
  id: Generated<number>;
  email: string;
  type: number;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  /** null: an account-platform session; 2 or 5: a module session under `parent_id`. */
  authority_num: number | null;
  parent_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface ProfileTable {
  account_id: number;
  first_name: string;
  surname: string;
  phone: string;
  language_id: number;
  street: string;
  house_number: string;
  city: string;
  country: string;
  zip: string;
  updated_at: Timestamp;
}

export interface NotificationSettingsTable {
  account_id: number;
  repair_info: boolean;
  daily_fault_report: boolean;
  hour: number;
  email: string;
  timezone: string;
  updated_at: Timestamp;
}

/** SPEC section 3's display settings of one account (`0012_user_settings`). */
export interface UserSettingsTable {
  account_id: number;
  /** `#RRGGBB`, upper-case. */
  theme_color: string;
  size: "small" | "medium";
  tags_view: boolean;
  fixed_header: boolean;
  sidebar_logo: boolean;
  updated_at: Timestamp;
}

export interface PrivacyAgreementTable {
  id: Generated<number>;
  version: number;
  language_id: number;
  title: string;
  content: string;
  published_at: Timestamp;
}

export interface LanguageTable {
  id: number;
  code: string;
  name: string;
}

export interface RegionTable {
  id: Generated<number>;
  language_id: number;
  code: string;
  parent_code: string | null;
  name: string;
  sort: number;
  /** Where the map goes when the region is chosen (migration 0014); null when unknown. */
  latitude: number | null;
  longitude: number | null;
  zoom: number | null;
}

export interface MenuTable {
  id: Generated<number>;
  authority_num: number;
  pid: number;
  menu_name: string;
  url: string;
  icon: string | null;
  sort: number;
}

export interface AnnouncementTable {
  id: Generated<number>;
  format_id: number;
  /** Publication time as entered by the publisher: UTC+8 wall-clock time, in ms. */
  start_time: ColumnType<string, string | number, string | number>;
  end_time: ColumnType<string, string | number, string | number> | null;
  /** jsonb, written as a JSON string so both drivers store the same thing. */
  content: ColumnType<Record<string, unknown>, string, string>;
  authority_num: number | null;
  created_at: CreatedAt;
}

export interface AnnouncementReadTable {
  announcement_id: number;
  account_id: number;
  read_at: Timestamp;
}

export interface LoginLogTable {
  id: Generated<number>;
  account_id: number;
  event: string;
  authority_num: number | null;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

/** 0 added but not submitted, 1 under review, 2 associated, 3 released, 4 returned. */
export interface SubDistributorLinkTable {
  id: Generated<number>;
  parent_organisation_id: number;
  child_organisation_id: number;
  invited_account_id: number;
  note: Generated<string>;
  status: number;
  return_reason: string | null;
  created_by: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubDistributorEventTable {
  id: Generated<number>;
  link_id: number;
  from_status: number | null;
  to_status: number;
  reason: string | null;
  actor_account_id: number;
  created_at: Timestamp;
}

export interface ProjectTable {
  id: Generated<number>;
  organisation_id: number;
  /** The project ID users see and type (e.g. "P2026-000123"); unique across tenants. */
  code: string;
  name: string;
  contact_person: string;
  contact_phone: string;
  country_code: Generated<string>;
  city_code: Generated<string>;
  address: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Kept by triggers on devices and faults (0006_list_counts); never written by the app. */
  himit_count: Generated<number>;
  hidom_count: Generated<number>;
  smarttouch_count: Generated<number>;
  checker_count: Generated<number>;
  open_fault_count: Generated<number>;
}

export type DeviceKind = "himit" | "hidom" | "smarttouch" | "checker";

export interface DeviceTable {
  id: Generated<number>;
  organisation_id: number;
  project_id: number | null;
  kind: DeviceKind;
  /** The device's own identifier (a checker's Wi-Fi id, a gateway's MAC-derived id). */
  device_code: string;
  serial_number: string;
  alias: Generated<string>;
  model: Generated<string>;
  firmware: Generated<string>;
  module_version: Generated<string>;
  mcu_version: Generated<string>;
  /** online | offline | standby | grabbing | collecting | other */
  status: Generated<string>;
  checker_type: "temporary" | "stationary" | null;
  storage_capacity_mb: number | null;
  used_capacity_mb: number | null;
  system_number: number | null;
  /** date, as YYYY-MM-DD */
  install_date: ColumnType<string | null, string | null | undefined, string | null>;
  admin_account_id: number | null;
  last_seen_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The last firmware-connection step a checker reported (5..100), and when. */
  link_progress: number | null;
  link_progress_at: Timestamp | null;
  current_task_id: string | null;
  /** Telemetry bytes kept for this device; a temporary checker stops at its capacity. */
  stored_bytes: Generated<number>;
  capacity_full: Generated<boolean>;
}

export interface DeviceBoundUserTable {
  device_id: number;
  account_id: number;
  created_at: Timestamp;
}

export interface DeviceStatusHistoryTable {
  id: Generated<number>;
  device_id: number;
  status: string;
  created_at: Timestamp;
}

export interface OutdoorUnitTable {
  id: Generated<number>;
  device_id: number;
  /** The device's, filled in by a trigger. */
  organisation_id: Generated<number>;
  system_number: number;
  address: number;
  model: Generated<string>;
  serial_number: Generated<string>;
  capacity_kw: number | null;
  status: Generated<string>;
  running_hours: Generated<number>;
  updated_at: Timestamp;
  status_word: number | null;
  compressor_hz: number | null;
  high_pressure_mpa: number | null;
  low_pressure_mpa: number | null;
  discharge_temp_c: number | null;
  suction_temp_c: number | null;
  outdoor_air_temp_c: number | null;
  fan_rpm: number | null;
  eev_main_pulses: number | null;
  eev_sub_pulses: number | null;
  current_a: number | null;
  reported_at: Timestamp | null;
}

export interface IndoorUnitTable {
  id: Generated<number>;
  device_id: number;
  /** The device's, filled in by a trigger. */
  organisation_id: Generated<number>;
  system_number: number;
  address: number;
  model: Generated<string>;
  serial_number: Generated<string>;
  capacity_kw: number | null;
  status: Generated<string>;
  power_on: Generated<boolean>;
  mode: Generated<string>;
  set_temperature: number | null;
  room_temperature: number | null;
  updated_at: Timestamp;
  status_word: number | null;
  fan_speed: string | null;
  louver: number | null;
  eev_pulses: number | null;
  pipe_liquid_temp_c: number | null;
  pipe_gas_temp_c: number | null;
  supports: ColumnType<unknown, string | null | undefined, string | null> | null;
  reported_at: Timestamp | null;
}

export interface FaultCodeTable {
  code: string;
  name_zh: string;
  name_en: string;
  checks_zh: string;
  checks_en: string;
  severity: Generated<string>;
}

export interface FaultTable {
  id: Generated<number>;
  organisation_id: number;
  project_id: number | null;
  device_id: number;
  code: string;
  system_number: number | null;
  outdoor_address: number | null;
  indoor_address: number | null;
  occurred_at: Timestamp;
  repaired_at: Timestamp | null;
  /** Raised through a checker (0028_checker_faults): set by a trigger from the device's kind. */
  from_checker: Generated<boolean>;
}

/** status: 0 unresolved, 1 in process, 2 resolved. */
export interface RepairReportTable {
  id: Generated<number>;
  organisation_id: number | null;
  device_id: number | null;
  user_name: string;
  country: Generated<string>;
  address: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  product_model: Generated<string>;
  serial_number: string;
  content: string;
  status: Generated<number>;
  reported_at: Timestamp;
  updated_at: Timestamp;
}

export interface RepairReportNoteTable {
  id: Generated<number>;
  report_id: number;
  account_id: number;
  note: Generated<string>;
  from_status: number | null;
  to_status: number | null;
  created_at: Timestamp;
}

export interface DailyReportRunTable {
  account_id: number;
  local_date: ColumnType<string, string, string>;
  sent_at: Timestamp;
}

/** The security audit log (migration 0005). `type` is one of SECURITY_EVENT_TYPES. */
export interface SecurityEventTable {
  id: Generated<number>;
  organisation_id: number | null;
  account_id: number | null;
  email: string | null;
  type: string;
  ip: string | null;
  user_agent: string | null;
  /** jsonb, written as a JSON string so both drivers store the same thing. */
  detail: ColumnType<Record<string, string | number | boolean | null>, string | undefined, string>;
  created_at: Timestamp;
}

/** Errors of the web app in users' browsers (migration 0011). */
export interface ClientErrorTable {
  id: Generated<number>;
  organisation_id: number | null;
  account_id: number | null;
  kind: string;
  message: string;
  stack: string | null;
  url: string;
  release: string;
  /** "test" or "prod" (0017); null for reports from before. */
  environment: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export type MailOutboxStatus = "pending" | "sending" | "sent" | "failed" | "suppressed";

/** Mails waiting to be sent and a record of those that were (migration 0004). */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  /** Emptied once the row is final: a sent code must not stay readable in the database. */
  text: string;
  html: string | null;
  message_id: string;
  status: MailOutboxStatus;
  /** Delivery attempts started (counted when a row is claimed). */
  attempts: Generated<number>;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  /** After this a failed attempt marks the row failed instead of retrying it. */
  give_up_at: Timestamp;
  /** The lease of the worker sending it; another may take the row once it has passed. */
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export interface Database {
  organisations: OrganisationTable;
  accounts: AccountTable;
  team_invitations: TeamInvitationTable;
  mailbox_codes: MailboxCodeTable;
  sessions: SessionTable;
  profiles: ProfileTable;
  notification_settings: NotificationSettingsTable;
  user_settings: UserSettingsTable;
  privacy_agreements: PrivacyAgreementTable;
  languages: LanguageTable;
  regions: RegionTable;
  menus: MenuTable;
  announcements: AnnouncementTable;
  announcement_reads: AnnouncementReadTable;
  login_logs: LoginLogTable;
  sub_distributor_links: SubDistributorLinkTable;
  sub_distributor_events: SubDistributorEventTable;
  projects: ProjectTable;
  devices: DeviceTable;
  device_bound_users: DeviceBoundUserTable;
  device_status_history: DeviceStatusHistoryTable;
  outdoor_units: OutdoorUnitTable;
  indoor_units: IndoorUnitTable;
  fault_codes: FaultCodeTable;
  faults: FaultTable;
  repair_reports: RepairReportTable;
  repair_report_notes: RepairReportNoteTable;
  daily_report_runs: DailyReportRunTable;
  mail_outbox: MailOutboxTable;
  security_events: SecurityEventTable;
  client_errors: ClientErrorTable;
  scope_counts: ScopeCountTable;
  data_changes: DataChangesTable;
  fault_counts_quarter: FaultCountBucketTable;
  fault_counts_hour: FaultCountBucketTable;
  fault_counts_code_hour: FaultCountBucketTable & { code: string };
  fault_counts_code_day: Omit<FaultCountBucketTable, "bucket"> & { code: string; day: string };
  device_credentials: DeviceCredentialTable;
  device_message_ids: DeviceMessageIdTable;
  device_seq_windows: DeviceSeqWindowTable;
  telemetry_snapshots: TelemetrySnapshotTable;
  device_commands: DeviceCommandTable;
  checker_tasks: CheckerTaskTable;
  capture_frames: CaptureFrameTable;
  task_reports: TaskReportTable;
  software_packages: SoftwarePackageTable;
  firmware_rollouts: FirmwareRolloutTable;
  firmware_rollout_targets: FirmwareRolloutTargetTable;
  device_dead_letters: DeviceDeadLetterTable;
}

export interface DeviceCredentialTable {
  device_id: number;
  secret_hash: string;
  issued_at: Timestamp;
  issued_by: number | null;
}

/** A device message the database refused (0030_device_dead_letters). */
export interface DeviceDeadLetterTable {
  id: Generated<number>;
  organisation_id: number | null;
  device_id: number | null;
  serial_number: string;
  topic: string;
  payload: Buffer;
  error: string;
  received_at: Timestamp;
  created_at: Timestamp;
}

export interface DeviceMessageIdTable {
  device_id: number;
  seq: number;
  received_at: Timestamp;
}

/** A device's recent sequence numbers (0022_seq_windows, devices/seq-window.ts). */
export interface DeviceSeqWindowTable {
  device_id: number;
  top: Generated<number>;
  seen: Generated<Uint8Array>;
  /** Moved by every update (migration 0023). */
  version: Generated<number>;
}

/**
 * One report of one system (0020_telemetry_snapshots, 0021_snapshot_matrices): the units'
 * addresses and status words in unit order, and each side's readings as a matrix, a row per unit
 * and a column per reading (devices/snapshot-layout.ts); a side without units has empty addresses.
 */
export interface TelemetrySnapshotTable {
  device_id: number;
  system_number: number;
  ts: Timestamp;
  outdoor_address: number[];
  outdoor_status_word: number[] | null;
  outdoor_readings: number[][] | null;
  outdoor_running_hours: number[] | null;
  indoor_address: number[];
  indoor_status_word: number[] | null;
  indoor_readings: number[][] | null;
  indoor_settings: number[][] | null;
}

/** A Hi-Checker task (0025_checker_tasks); the contract's hi-checker/tasks.ts says what each state means. */
export interface CheckerTaskTable {
  id: string;
  organisation_id: number;
  device_id: number;
  kind: "capture" | "collection";
  name: string;
  notes: Generated<string>;
  interval_s: number;
  end_at: Timestamp;
  status: Generated<"starting" | "running" | "stopping" | "finished" | "stopped" | "failed">;
  failure: "rejected" | "timedOut" | "brokerUnavailable" | null;
  created_by: number | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  start_command_id: string;
  stop_command_id: string | null;
  /** Frames written so far; the next frame is numbered frame_count + 1. */
  frame_count: Generated<number>;
  frame_bytes: Generated<number>;
  /** A collection task's reports and the checker's kept bytes, fixed when it ends. */
  snapshot_count: number | null;
  stored_bytes_at_start: number | null;
  stored_bytes_at_end: number | null;
}

/** A data report of an ended task (0026_task_reports): the PDF is made from the task's data on download. */
export interface TaskReportTable {
  id: string;
  task_id: string;
  title: Generated<string>;
  notes: Generated<string>;
  language: "zh" | "en";
  created_by: number | null;
  created_at: Timestamp;
}

/** A bus frame a capture task grabbed, numbered in its task (`n` from 1). */
export interface CaptureFrameTable {
  task_id: string;
  n: number;
  at: Timestamp;
  source: number | null;
  destination: number | null;
  command: number | null;
  raw: Uint8Array;
}

/** A PC software or firmware package (0027_software_packages); its bytes are a file named by `sha256`. */
export interface SoftwarePackageTable {
  id: string;
  organisation_id: number;
  kind: "pc" | "firmware";
  version: string;
  /** `version` without its leading "V", lower-cased: one version of a kind per organisation. */
  version_key: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  imported_by: number | null;
  imported_at: Timestamp;
}

/** A firmware package sent to checkers (0029_firmware_rollouts); it keeps the package's particulars. */
export interface FirmwareRolloutTable {
  id: string;
  organisation_id: number;
  package_id: string | null;
  version: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  state: Generated<"running" | "paused" | "halted" | "finished">;
  failure_share: number;
  max_in_flight: number;
  created_by: number | null;
  created_at: Timestamp;
  ended_at: Timestamp | null;
}

/** One checker of a rollout. */
export interface FirmwareRolloutTargetTable {
  rollout_id: string;
  device_id: number;
  state: Generated<"pending" | "downloading" | "installing" | "done" | "failed">;
  percent: Generated<number>;
  failure: string | null;
  from_firmware: string;
  command_id: string | null;
  /** SHA-256 (hex) of the download link's token while the checker may download. */
  token_hash: string | null;
  sent_at: Timestamp | null;
  /** The checker's last `ota` report. */
  reported_at: Timestamp | null;
  updated_at: Timestamp;
}

export type DeviceCommandStatus = "pending" | "sent" | "confirmed" | "failed" | "timed_out";

export interface DeviceCommandTable {
  id: string;
  organisation_id: number;
  device_id: number;
  issued_by: number | null;
  issued_by_customer: Generated<string>;
  type: "control" | "taskStart" | "taskStop" | "ota";
  system_number: number | null;
  indoor_addresses: number[] | null;
  params: ColumnType<unknown, string, string>;
  status: Generated<DeviceCommandStatus>;
  reason: string | null;
  issued_at: Timestamp;
  expires_at: Timestamp;
  sent_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** Per-organisation totals kept by triggers (0006_list_counts): "projects", "devices:himit:offline", "faults:open"… */
export interface ScopeCountTable {
  organisation_id: number;
  subject: string;
  n: number;
}

/** Statements that changed an organisation's data of one area so far, per writing backend's shard (0019_data_changes): only grows. */
export interface DataChangesTable {
  organisation_id: number;
  area: string;
  shard: number;
  n: string;
}

/** Faults raised per organisation and UTC bucket, and how many of them are still open. */
export interface FaultCountBucketTable {
  organisation_id: number;
  bucket: Timestamp;
  total: number;
  open: number;
}
