import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrgRole } from '../../contract/common';

/** Epoch milliseconds; every timestamp in the store is one. */
type Millis = number;

// `Generated<T>` (Kysely's): a column an insert may leave out, as the database fills it: an id, or
// a column with a default (most of those added to a table after its first migration).

export interface OrgTable {
  id: Generated<number>;
  name: string;
  address1: Generated<string>;
  address2: Generated<string>;
  city: Generated<string>;
  zip_code: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  created: Millis;
  updated: Millis;
}

/** People and service accounts share one table (as in Grafana), so their ids never collide. */
export interface UserTable {
  id: Generated<number>;
  uid: string;
  /** The org a service account belongs to; a person's home org. */
  org_id: number;
  login: string;
  email: string;
  name: string;
  /** scrypt hash; null for service accounts. */
  password_hash: string | null;
  is_service_account: number;
  is_disabled: number;
  created: Millis;
  updated: Millis;
  last_seen_at: Millis;
}

export interface OrgUserTable {
  org_id: number;
  user_id: number;
  role: OrgRole;
  created: Millis;
  updated: Millis;
}

export interface ApiKeyTable {
  id: Generated<number>;
  org_id: number;
  service_account_id: number;
  name: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  key_hash: string;
  created: Millis;
  updated: Millis;
  last_used_at: Millis | null;
  /** null: never expires. */
  expires: Millis | null;
  is_revoked: number;
}

export interface Database {
  org: OrgTable;
  user: UserTable;
  org_user: OrgUserTable;
  api_key: ApiKeyTable;
  dashboard: DashboardTable;
  dashboard_tag: DashboardTagTable;
  dashboard_version: DashboardVersionTable;
  folder_permission: FolderPermissionTable;
  annotation: AnnotationTable;
  annotation_tag: AnnotationTagTable;
  annotation_span_class: AnnotationSpanClassTable;
  data_source: DataSourceTable;
  team: TeamTable;
  team_member: TeamMemberTable;
  star: StarTable;
  dashboard_permission: DashboardPermissionTable;
  dashboard_provisioning: DashboardProvisioningTable;
  user_session: UserSessionTable;
  login_attempt: LoginAttemptTable;
  preferences: PreferencesTable;
  library_element: LibraryElementTable;
  library_element_connection: LibraryElementConnectionTable;
  alert_rule: AlertRuleTable;
  alert_rule_group: AlertRuleGroupTable;
  alert_instance: AlertInstanceTable;
  alert_rule_evaluation: AlertRuleEvaluationTable;
  alert_scheduler_instance: AlertSchedulerInstanceTable;
}

/** A person's signed-in browser (migration 0012); the cookie's value is kept as its SHA-256 only. */
export interface UserSessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created: Millis;
  /** When the session was last used, written at most every few minutes (inactivity expiry). */
  seen_at: Millis;
  client_address: string;
  user_agent: string;
}

/** One failed sign-in, for throttling per login and per client address. */
export interface LoginAttemptTable {
  id: Generated<number>;
  login: string;
  client_address: string;
  created: Millis;
}

/** A dashboard that a provisioning provider's file holds. */
export interface DashboardProvisioningTable {
  dashboard_id: number;
  org_id: number;
  /** The provider's name. */
  provider: string;
  /** The file, relative to the provider's path. */
  external_id: string;
  /** SHA-256 of the file as last applied. */
  check_sum: string;
  allow_ui_updates: number;
  updated: Millis;
}

export type OrgRow = Selectable<OrgTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;

export interface DashboardTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  is_folder: number;
  /** The containing folder; null for General (the root). */
  folder_id: number | null;
  title: string;
  /** Lower-cased title: search matches words in it. */
  title_lower: string;
  slug: string;
  /** JSON array of the model's tags, for search hits. */
  tags: string;
  /** The JSON model exactly as saved (with the server's id, uid and version). Folders: `{}`. */
  data: string;
  version: number;
  created: Millis;
  updated: Millis;
  created_by: number | null;
  updated_by: number | null;
}

export interface DashboardTagTable {
  dashboard_id: number;
  org_id: number;
  term: string;
}

export interface DashboardVersionTable {
  id: Generated<number>;
  dashboard_id: number;
  version: number;
  parent_version: number;
  restored_from: number;
  created: Millis;
  created_by: number | null;
  message: string;
  data: string;
}

export interface FolderPermissionTable {
  id: Generated<number>;
  folder_id: number;
  role: 'Viewer' | 'Editor' | null;
  user_id: number | null;
  /** Exactly one of role, user_id and team_id is set. */
  team_id: Generated<number | null>;
  permission: 1 | 2 | 4;
  created: Millis;
  updated: Millis;
}

export interface AnnotationTable {
  id: Generated<number>;
  org_id: number;
  dashboard_id: number | null;
  panel_id: number;
  user_id: number;
  epoch: Millis;
  epoch_end: Millis;
  /** Length class: 0 for a point, k for a region up to 4^k ms long (store/annotations.ts). */
  span_class: Generated<number>;
  text: string;
  /** JSON array of tags, for answers; annotation_tag holds them for filtering. */
  tags: string;
  created: Millis;
  updated: Millis;
  /** Alert state history (migration 0013): the rule's id, and the states the annotation records. */
  alert_id: Generated<number>;
  new_state: Generated<string>;
  prev_state: Generated<string>;
}

export interface AnnotationTagTable {
  annotation_id: number;
  org_id: number;
  term: string;
}

/** The length classes (see store/annotations.ts `spanClass`) an org's annotations use. */
export interface AnnotationSpanClassTable {
  org_id: number;
  span_class: number;
}

export type DashboardRow = Selectable<DashboardTable>;
export type AnnotationRow = Selectable<AnnotationTable>;

export interface DataSourceTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  name: string;
  type: string;
  access: string;
  url: string;
  user: string;
  database: string;
  basic_auth: number;
  basic_auth_user: string;
  with_credentials: number;
  is_default: number;
  json_data: string;
  /** JSON object of sealed secrets; never leaves the server. */
  secure_json_data: string;
  version: number;
  created: Millis;
  updated: Millis;
  /** Set by provisioning files (migration 0006). */
  provisioned: Generated<number>;
  /** A provisioned data source with `editable: false`: the API refuses to change it. */
  read_only: Generated<number>;
  /** Provisioned from a file with `prune: true`: deleted once no file names it. */
  prunable: Generated<number>;
}

export type DataSourceRow = Selectable<DataSourceTable>;

export interface TeamTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  name: string;
  email: string;
  created: Millis;
  updated: Millis;
}

export interface TeamMemberTable {
  team_id: number;
  /** A person or a service account. */
  user_id: number;
  created: Millis;
}

/** A dashboard starred by an account (person or service account). */
export interface StarTable {
  user_id: number;
  dashboard_id: number;
  created: Millis;
}

/** A grant on one dashboard, on top of its folder's; exactly one of role, user_id and team_id is set. */
export interface DashboardPermissionTable {
  id: Generated<number>;
  dashboard_id: number;
  role: 'Viewer' | 'Editor' | null;
  user_id: number | null;
  team_id: number | null;
  permission: 1 | 2 | 4;
  created: Millis;
  updated: Millis;
}

export type TeamRow = Selectable<TeamTable>;

/** Grafana's preferences of an org (user and team null), a team, or a person in an org (migration 0019). */
export interface PreferencesTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  team_id: number | null;
  version: number;
  /** Emptied (null) when the dashboard is deleted. */
  home_dashboard_id: number | null;
  home_dashboard_uid: string;
  timezone: string;
  week_start: string;
  theme: string;
  /** JSON: `{language, locale, queryHistory: {homeTab}}`. */
  json_data: string;
  created: Millis;
  updated: Millis;
}

/** Grafana's library element (migration 0020): a panel kept once, referenced from dashboards. */
export interface LibraryElementTable {
  id: Generated<number>;
  org_id: number;
  /** The folder (a `dashboard` row); null is General. */
  folder_id: number | null;
  uid: string;
  name: string;
  kind: number;
  /** The model's `type` and `description`, kept beside it for the list's filters. */
  type: string;
  description: string;
  /** The panel model, JSON text. */
  model: string;
  version: number;
  created: Millis;
  updated: Millis;
  created_by: number | null;
  updated_by: number | null;
}
export type LibraryElementRow = Selectable<LibraryElementTable>;

/** A dashboard that uses a library element (kind 1: a dashboard), rewritten at each save of the dashboard. */
export interface LibraryElementConnectionTable {
  id: Generated<number>;
  element_id: number;
  kind: number;
  connection_id: number;
  created: Millis;
  created_by: number | null;
}

/** A Grafana-managed alert rule (migration 0013); JSON text in `data`, `labels`, `annotations`, `notification_settings`. */
export interface AlertRuleTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  folder_uid: string;
  rule_group: string;
  rule_group_idx: number;
  title: string;
  condition: string;
  data: string;
  no_data_state: string;
  exec_err_state: string;
  for_ms: number;
  keep_firing_for_ms: number;
  labels: string;
  annotations: string;
  is_paused: number;
  notification_settings: string | null;
  missing_series_evals_to_resolve: number | null;
  /** `api`, `file` or `` (X-Disable-Provenance). */
  provenance: string;
  version: number;
  updated: Millis;
}
export type AlertRuleRow = Selectable<AlertRuleTable>;

export interface AlertRuleGroupTable {
  org_id: number;
  folder_uid: string;
  name: string;
  interval_seconds: number;
}

/** One alert instance: a rule's series by label fingerprint, with its state. */
export interface AlertInstanceTable {
  org_id: number;
  rule_uid: string;
  fingerprint: string;
  labels: string;
  annotations: string;
  state: string;
  reason: string;
  /** When the current state began. */
  since: Millis;
  /** When it last started firing (Alertmanager's startsAt). */
  started_at: Millis;
  last_eval: Millis;
  ends_at: Millis;
  eval_values: string;
  last_sent: Millis | null;
  resolved_at: Millis | null;
  /** Evaluations in a row the series was missing from. */
  missing_evals: number;
  last_error: string;
}
export type AlertInstanceRow = Selectable<AlertInstanceTable>;

export interface AlertRuleEvaluationTable {
  org_id: number;
  rule_uid: string;
  evaluated_at: Millis;
  duration_ms: number;
  health: string;
  last_error: string;
}
export type AlertRuleEvaluationRow = Selectable<AlertRuleEvaluationTable>;

export interface AlertSchedulerInstanceTable {
  id: string;
  heartbeat: Millis;
  started: Millis;
}
