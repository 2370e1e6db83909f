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

export interface Database {
  organisations: OrganisationTable;
  accounts: AccountTable;
  mailbox_codes: MailboxCodeTable;
  sessions: SessionTable;
  profiles: ProfileTable;
  notification_settings: NotificationSettingsTable;
  privacy_agreements: PrivacyAgreementTable;
  languages: LanguageTable;
  regions: RegionTable;
  menus: MenuTable;
  announcements: AnnouncementTable;
  announcement_reads: AnnouncementReadTable;
  login_logs: LoginLogTable;
}
