import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface WorkspaceTable {
  id: Generated<number>;
  name: string;
  demo: boolean;
  created_at: Generated<Date>;
}

export interface SettingTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

export interface RoleTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  built_in: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface RolePermissionTable {
  role_id: string;
  resource: string;
  operation: string;
}

export interface AppUserTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  mobile: string | null;
  /** Null until the user chooses one; the web app then follows the browser. */
  language: string | null;
  /** An IANA zone; null follows the company's (`core.setting` "time_zone"). */
  time_zone: Generated<string | null>;
  status: Generated<"invited" | "active" | "deactivated">;
  role_id: string;
  company_admin: Generated<boolean>;
  password_hash: string | null;
  /** The profile image's stored file (its SHA-256), type by content and size; null without one. */
  image_key: Generated<string | null>;
  image_mime: Generated<string | null>;
  image_size: Generated<number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UserGroupTable {
  id: Generated<string>;
  name: string;
  created_at: Generated<Date>;
}

export interface UserGroupMemberTable {
  group_id: string;
  user_id: string;
}

export interface InvitationTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface LoginAttemptTable {
  id: Generated<string>;
  email: string;
  ip: string;
  success: boolean;
  at: Generated<Date>;
}

export interface OauthClientTable {
  client_id: string;
  client_secret: string;
  name: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: string[];
  scope: string;
  first_party: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: unknown;
  grant_id: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface EntityTable {
  id: Generated<string>;
  schema_key: string;
  table_key: string;
  label_en: string;
  label_nb: string;
  plural_en: string;
  plural_nb: string;
  resource: string;
  built_in: Generated<boolean>;
  /** The table has a stored, folded search_text column of its searchable fields. */
  search_text: Generated<boolean>;
  /** A custom entity's icon in the menu, by name. */
  icon: string | null;
  created_at: Generated<Date>;
}

export interface FieldTable {
  id: Generated<string>;
  entity_id: string;
  key: string;
  label_en: string;
  label_nb: string;
  type: string;
  required: Generated<boolean>;
  unique_value: Generated<boolean>;
  active: Generated<boolean>;
  built_in: Generated<boolean>;
  custom_field: Generated<boolean>;
  part_of_name: Generated<boolean>;
  searchable: Generated<boolean>;
  favorite: Generated<boolean>;
  position: Generated<number>;
  settings: unknown;
}

export interface TransactionTable {
  id: Generated<string>;
  schema_key: string;
  table_key: string;
  record_id: string;
  action: string;
  actor_id: string | null;
  at: Generated<Date>;
  before: unknown;
  after: unknown;
}

export interface MetaStatusTable {
  id: Generated<string>;
  schema_key: string;
  table_key: string;
  kind: Generated<string>;
  key: string;
  name_en: string;
  name_nb: string;
  is_default: Generated<boolean>;
  active: Generated<boolean>;
  position: Generated<number>;
  colour: string | null;
  closed: Generated<boolean>;
}

/** A link of an inquiry or a to-do to a contact, and one of the contact's companies (crm.{inquiry,todo}_company_contact). */
export interface WorkItemLinkTable {
  id: Generated<string>;
  company_id: string | null;
  contact_id: string;
  created_at: Generated<Date>;
  created_by: string | null;
}

export interface RelationshipTable {
  id: Generated<string>;
  link_schema: string;
  link_table: string;
  schema1: string;
  key1: string;
  schema2: string;
  key2: string;
  label1_en: string;
  label1_nb: string;
  label2_en: string;
  label2_nb: string;
  type: string;
  built_in: Generated<boolean>;
  favorite: Generated<boolean>;
  /** The link table's columns holding side 1's and side 2's record ids. */
  column1: string;
  column2: string;
  name1_en: Generated<string>;
  name1_nb: Generated<string>;
  name2_en: Generated<string>;
  name2_nb: Generated<string>;
  visible1: Generated<boolean>;
  visible2: Generated<boolean>;
  visible_groups1: Generated<string[]>;
  visible_groups2: Generated<string[]>;
  created_at: Generated<Date>;
}

export interface CompanyHasContactTable {
  id: Generated<string>;
  company_id: string;
  contact_id: string;
  role: string;
  created_at: Generated<Date>;
  created_by: string | null;
}

export interface RecordAssignmentTable {
  id: Generated<string>;
  schema_key: string;
  table_key: string;
  record_id: string;
  group_id: string | null;
  user_id: string | null;
  created_at: Generated<Date>;
}

/** A block of an entity's 360-overview: its place and whether it is shown (none stored: the default order). */
export interface OverviewBlockTable {
  entity_id: string;
  key: string;
  position: number;
  shown: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** Who new inquiries (or to-dos) go to when their creator chooses nobody; one row per table, once one is set. */
export interface WorkItemDefaultTable {
  table_key: "inquiry" | "todo";
  assigned_user_id: string | null;
  group_id: string | null;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** A shortcut: a user's own, or a shared one made in the system settings. */
export interface ShortcutTable {
  id: Generated<string>;
  /** The user whose own shortcut it is; null for a shared one. */
  owner_id: string | null;
  name: string;
  url: string;
  /** A shared shortcut's audience; null for a user's own. */
  visibility: "everyone" | "admins" | "group" | null;
  group_id: string | null;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One user's place for, and visibility of, a shortcut they see. */
export interface UserShortcutTable {
  user_id: string;
  shortcut_id: string;
  position: number;
  visible: Generated<boolean>;
}

/** A categorized dashboard (spec §3); its id is the uuidKey of /dashboard/{id}. */
export interface DashboardTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  main_list: Generated<boolean>;
  show_in_company: Generated<boolean>;
  show_in_contact: Generated<boolean>;
  /** The workspace's default; one at most. */
  is_default: Generated<boolean>;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The groups that see a dashboard; none: everyone. */
export interface DashboardGroupTable {
  dashboard_id: string;
  group_id: string;
}

/** The spec's widget model, as stored in core.widget.configuration. */
export interface WidgetConfigurationColumn {
  widgetConfiguration: {
    type: string;
    datasourceUuidKey: string;
    customizableFilterFields: string[];
    filters: {
      field: string;
      operation: string;
      paramValue: string | null;
      isParamUserField: boolean;
      isParamUserAccessible: boolean;
    }[];
  };
  singleNumberConfiguration: { aggregationFunction: string; field: string | null } | null;
  countLabelConfiguration: {
    countConfigurations: { countField: string; description: string; countAggregationFunction: string }[];
    description: string;
    labelField: string;
  } | null;
  groupBy: string | null;
  tableSorting: { field: string; direction: "asc" | "desc" }[];
}

export interface WidgetTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  type: string;
  datasource_id: string;
  configuration: ColumnType<WidgetConfigurationColumn, string, string>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A widget's place on a dashboard: its order, and its size in grid columns and rows. */
export interface DashboardWidgetTable {
  dashboard_id: string;
  widget_id: string;
  position: number;
  width: number;
  height: number;
}

/** A user's own default dashboard. */
export interface UserDashboardTable {
  user_id: string;
  dashboard_id: string;
}

/** Kept by triggers on each record table; read, never written, by the API. */
export interface RecordCountTable {
  schema_key: string;
  table_key: string;
  status_id: string | null;
  total: number;
}

export interface RecordVersionTable {
  schema_key: string;
  table_key: string;
  version: number;
}

export interface NotificationTable {
  id: Generated<string>;
  recipient_id: string;
  event_type: string;
  schema_key: string;
  table_key: string;
  record_id: string;
  record_name: Generated<string>;
  actor_id: string | null;
  params: unknown;
  /** The day a scheduled reminder is about ("YYYY-MM-DD"); null for an event's notification. */
  day: string | null;
  created_at: Generated<Date>;
  read_at: Timestamp | null;
}

export interface NotificationSettingTable {
  user_id: string;
  event_type: string;
  enabled: boolean;
  updated_at: Generated<Date>;
}

export interface ImportJobTable {
  id: Generated<string>;
  user_id: string;
  schema_key: string;
  table_key: string;
  file_name: string;
  format: "xlsx" | "csv";
  /** The uploaded file in storage; null once removed (retention). */
  file_key: string | null;
  file_size: number;
  language: Generated<string>;
  /** The file's header row, as read. */
  columns: ColumnType<string[], string | undefined, string>;
  /** Per column, the field key it fills, or null to leave it out. */
  mapping: ColumnType<(string | null)[], string | undefined, string>;
  mode: Generated<"create" | "update" | "upsert">;
  match_field: string | null;
  /** Null while the user maps the file; then spec §4's statuses. */
  status: "importing" | "success" | "failed" | "stopped" | "no_operation" | "unknown" | null;
  total_rows: number | null;
  /** Rows committed: where a resumed import goes on. */
  rows_done: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  unchanged_count: Generated<number>;
  failed_count: Generated<number>;
  stop_requested: Generated<boolean>;
  message: string | null;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  /** The check of the whole file with its mapping: null until asked for (and again once remapped). */
  check_status: "checking" | "checked" | "failed" | null;
  checked_rows: Generated<number>;
  /** Rows the check found errors in. */
  error_rows: Generated<number>;
  /** The check's first errors, in file order. */
  check_errors: ColumnType<ImportCheckError[], string | undefined, string>;
  /** Why the file stopped the check (a limit, or it could not be read), and at which row when known. */
  check_message: string | null;
  check_row: number | null;
}

export interface ImportCheckError {
  rowNumber: number;
  /** The column of the file holding the field; null when none does (a required field left unmapped). */
  column: number | null;
  field: string;
  message: string;
}

export interface ImportRowErrorTable {
  import_id: string;
  /** The row's number in the file (the header is row 1). */
  row_number: number;
  cells: ColumnType<string[], string, string>;
  errors: ColumnType<{ field: string; message: string }[], string, string>;
}

export interface ExportJobTable {
  id: Generated<string>;
  user_id: string;
  schema_key: string;
  table_key: string;
  format: "xlsx" | "csv";
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  language: Generated<string>;
  status: Generated<"exporting" | "ready" | "failed" | "expired">;
  row_count: number | null;
  file_name: string;
  file_key: string | null;
  file_size: number | null;
  message: string | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
  /** The saved query whose result the export is; null for an entity's list. */
  saved_query_id: Generated<string | null>;
}

/** A saved advanced search query, or a data source of widgets (`kind`). */
export interface SavedQueryTable {
  id: Generated<string>;
  kind: "query" | "datasource";
  scope: "global" | "personal";
  owner_id: string;
  name: string;
  description: Generated<string>;
  definition: ColumnType<unknown, string, string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A web form (spec §3): its look, its blocks in order, who sees it and whether it takes answers. */
export interface FormTable {
  id: Generated<string>;
  public_id: string;
  title: string;
  description: Generated<string>;
  banner_key: string | null;
  banner_mime: string | null;
  banner_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  submit_label_text: Generated<string>;
  submit_label_color_code: Generated<string>;
  submit_button_color_code: Generated<string>;
  thank_you_page_title: Generated<string>;
  thank_you_page_paragraph: Generated<string>;
  open: Generated<boolean>;
  accepting_response: Generated<boolean>;
  accessibility: Generated<"open" | "login">;
  visibility: Generated<"everyone" | "admin" | "groups">;
  group_ids: ColumnType<string[], string[] | undefined, string[]>;
  allowed_sites: ColumnType<string[], string[] | undefined, string[]>;
  auto_merge: Generated<boolean>;
  blocks: ColumnType<unknown, string | undefined, string>;
  owner_id: string | null;
  /** bigint: PostgreSQL answers it as text. */
  submission_count: ColumnType<string | number, never, never>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One accepted answer to a form: its answers by block id, and what became of it (merged into a contact later). */
export interface FormSubmissionTable {
  id: Generated<string>;
  form_id: string;
  answers: ColumnType<unknown, string, string>;
  search_text: Generated<string>;
  submitted_at: Generated<Date>;
  submitted_by: string | null;
  merge_state: Generated<"pending" | "merged" | "dismissed">;
  contact_id: string | null;
  company_id: string | null;
  merged_by: string | null;
  merged_at: Date | null;
}

/** How many submissions to a form were refused, and why: they are never stored. */
export interface FormRefusalTable {
  form_id: string;
  reason: string;
  count: ColumnType<string | number, number | undefined, never>;
  last_at: Generated<Date>;
}

/** A submission token already taken, kept until it would have expired. */
export interface FormUsedTokenTable {
  nonce: string;
  expires_at: Date;
}

/** Requests counted per key (an address on a form, a form) and fixed window, shared by every API process. */
export interface FormRateCounterTable {
  key: string;
  window_start: Date;
  count: number;
}

/** Every table the provider API reads or writes, keyed as Kysely addresses them ("schema.table"). */
export interface Database {
  "core.workspace": WorkspaceTable;
  "core.setting": SettingTable;
  "core.role": RoleTable;
  "core.role_permission": RolePermissionTable;
  "core.app_user": AppUserTable;
  "core.user_group": UserGroupTable;
  "core.user_group_member": UserGroupMemberTable;
  "core.invitation": InvitationTable;
  "core.login_attempt": LoginAttemptTable;
  "core.oauth_client": OauthClientTable;
  "core.oidc_payload": OidcPayloadTable;
  "core.entity": EntityTable;
  "core.field": FieldTable;
  "core.transaction": TransactionTable;
  "core.meta_status": MetaStatusTable;
  "core.relationship": RelationshipTable;
  "custom_schema_relationship.company_has_contact": CompanyHasContactTable;
  "core.record_assignment": RecordAssignmentTable;
  "core.overview_block": OverviewBlockTable;
  "core.shortcut": ShortcutTable;
  "core.user_shortcut": UserShortcutTable;
  "core.record_count": RecordCountTable;
  "core.record_version": RecordVersionTable;
  "core.work_item_default": WorkItemDefaultTable;
  "core.notification": NotificationTable;
  "core.notification_setting": NotificationSettingTable;
  "core.import_job": ImportJobTable;
  "core.import_row_error": ImportRowErrorTable;
  "core.export_job": ExportJobTable;
  "core.saved_query": SavedQueryTable;
  "core.dashboard": DashboardTable;
  "core.dashboard_group": DashboardGroupTable;
  "core.widget": WidgetTable;
  "core.dashboard_widget": DashboardWidgetTable;
  "core.user_dashboard": UserDashboardTable;
  "core.form": FormTable;
  "core.form_submission": FormSubmissionTable;
  "core.form_refusal": FormRefusalTable;
  "core.form_used_token": FormUsedTokenTable;
  "core.form_rate_counter": FormRateCounterTable;
  "crm.inquiry_company_contact": WorkItemLinkTable & { inquiry_id: string };
  "crm.todo_company_contact": WorkItemLinkTable & { todo_id: string };
}
