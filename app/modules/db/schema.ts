import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ProgramTable {
  id: Generated<number>;
  subdomain: string;
  name: string;
  created_at: CreatedAt;
}

export interface EmployeePreferences {
  hideFromMomentsFeed?: boolean;
  publicRecognitionEnabled?: boolean;
  /** Who sees the person's timeline (their profile's wall), Me In 3 and My Stuff: everyone (true, when unset), or only they and their manager. */
  myTimelineEnabled?: boolean;
  meIn3Enabled?: boolean;
  myStuffEnabled?: boolean;
  /** Pages in high contrast (where the program offers it: highContrastEnabled). */
  highContrast?: boolean;
  /** Whether the person's birthday is celebrated on the feed (CELEBRATE), only listed (MUTE), or kept private (HIDE). CELEBRATE when unset. */
  birthdayRecognitionType?: "CELEBRATE" | "MUTE" | "HIDE";
  /** Whether the person's work anniversary is celebrated on the feed (CELEBRATE) or only listed (MUTE). CELEBRATE when unset. */
  anniversaryRecognitionType?: "CELEBRATE" | "MUTE";
}

export interface EmployeeTable {
  id: Generated<number>;
  program_id: number;
  login_id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  display_name: string;
  job_title: string | null;
  department: ColumnType<string | null, string | null | undefined, string | null>;
  employee_type: string;
  parent_employee_id: number | null;
  password_hash: string | null;
  must_change_password: Generated<boolean>;
  /** E.164; where two-factor codes go. From HR data, or confirmed by the employee in settings. */
  phone_number: string | null;
  phone_verified: Generated<boolean>;
  /** Sessions signed in before this (set when the password changes) are over. */
  sessions_valid_after: Timestamp | null;
  active: Generated<boolean>;
  /** The spec's per-employee permission flags, validated by employeePermissionsSchema. */
  permissions: ColumnType<Record<string, boolean>, string, string>;
  /** The spec's employee preferences (EmployeePreferences). */
  preferences: ColumnType<EmployeePreferences, string | undefined, string>;
  avatar_asset_id: string | null;
  welcome_post_hidden: Generated<boolean>;
  welcome_post_initial_date: Timestamp | null;
  last_signed_in_at: Timestamp | null;
  /** HR's key for the person, unique in the program: what a people import matches on. */
  employee_code: string | null;
  /** YYYY-MM-DD; work anniversaries and service awards count from it. */
  hire_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The birthday without a year, which is never asked for: both or neither. */
  birth_month: number | null;
  birth_day: number | null;
  /** When a program manager deactivated the person (who left): they keep their history, and sign in no more. */
  deactivated_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A people import: checked, then applied by a job. `people` are its rows as checked; `summary` counts what it adds, changes and deactivates. */
export interface PeopleImportTable {
  id: Generated<number>;
  program_id: number;
  created_by: number | null;
  file_name: string;
  status: "checked" | "queued" | "done" | "failed";
  people: ColumnType<unknown[], string, never>;
  summary: ColumnType<{ added: number; changed: number; deactivated: number }, string, string>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** The digest of the tenant file's configuration data a program applied last, per plugin. */
export interface ConfigDataAppliedTable {
  program_id: number;
  plugin_id: string;
  digest: string;
  applied_at: Generated<Date>;
}

/** A postal address of an employee's (/settings/addresses); at most one is their default. */
export interface AddressTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  recipient: string;
  line1: string;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

/** A change a program manager (or an import) made to a person: the fields before and after. */
export interface EmployeeChangeTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  changed_by: number | null;
  /** "people" (the admin page) or "import". */
  source: string;
  before: ColumnType<Record<string, unknown>, string, never>;
  after: ColumnType<Record<string, unknown>, string, never>;
  changed_at: CreatedAt;
}

export interface EmployeeGroupTable {
  id: Generated<number>;
  program_id: number;
  name: string;
  bucket: string;
}

export interface EmployeeGroupMemberTable {
  program_id: number;
  group_id: number;
  employee_id: number;
}

export interface SegmentTable {
  id: Generated<number>;
  program_id: number;
  name: string;
  segment_type: string;
  enabled: Generated<boolean>;
}

export interface EmployeeSegmentTable {
  program_id: number;
  segment_id: number;
  employee_id: number;
}

export interface SessionTable {
  id: string;
  program_id: number;
  data: ColumnType<Record<string, unknown>, string, string>;
  expires_at: Timestamp;
}

/** A change version (decision 038): here the program's people's, `viewer_version` (decision 091). */
export interface ChangeVersionTable {
  program_id: number;
  version: ColumnType<string, never, never>;
}

/** A change version of one person (decision 127): what their own row is drawn from. */
export interface PersonVersionTable extends ChangeVersionTable {
  employee_id: number;
}

export interface PointsAccountTable {
  id: Generated<number>;
  program_id: number;
  /** "employee:<id>:SHOPPING", "program:BUCKET", "codes:<source>": one account per key. */
  account_key: string;
  kind: string;
  employee_id: number | null;
  balance: Generated<number>;
}

export interface PointsTransferTable {
  id: Generated<number>;
  program_id: number;
  idempotency_key: string;
  kind: string;
  amount: number;
  reason: string;
  reference: string | null;
  actor_employee_id: number | null;
  created_at: CreatedAt;
}

export interface PointsEntryTable {
  id: Generated<number>;
  program_id: number;
  transfer_id: number;
  account_id: number;
  amount: number;
  balance_after: number;
  created_at: CreatedAt;
}

export interface RedeemCodeTable {
  id: Generated<number>;
  program_id: number;
  code: string;
  points: number;
  /** What issued the code, e.g. "lot:12"; its points wait in the "codes:<source>" account. */
  source: string;
  active: Generated<boolean>;
  expires_at: Timestamp;
  redeemed_by: number | null;
  redeemed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface TenantSettingsTable {
  program_id: number;
  /** What program managers changed on top of the tenant file (see tenants/overrides.ts). */
  overrides: ColumnType<Record<string, unknown>, string, string>;
  version: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

export interface TenantSettingsChangeTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number | null;
  source: string;
  before: ColumnType<Record<string, unknown>, string, never>;
  after: ColumnType<Record<string, unknown>, string, never>;
  changed_at: CreatedAt;
}

export interface PasswordTokenTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  purpose: "RESET" | "REGISTER";
  /** SHA-256 of the token; the token itself exists only in the e-mail. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A delegate may act on behalf of a delegator (an assistant for a manager, say). */
export interface EmployeeDelegateTable {
  program_id: number;
  delegator_id: number;
  delegate_id: number;
  created_at: CreatedAt;
}

/** Short-lived single-use values (SAML request ids, seen assertions, sign-in tickets) when there is no Redis. */
export interface OneTimeKeyTable {
  program_id: number;
  key: string;
  value: ColumnType<unknown, string, string>;
  expires_at: Timestamp;
}

/** A six-digit code sent by text: to finish a sign-in, or to confirm a new phone number. */
export interface VerificationCodeTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  purpose: "SIGN_IN" | "PHONE";
  /** Where the code went; for PHONE, the number that becomes the employee's once confirmed. */
  phone_number: string;
  /** salt:sha256(salt:code), hex; the code itself is only in the text message. */
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** When a recurring job last fired in a program; `schedule` is "<owner>.<schedule id>". */
export interface JobScheduleTable {
  program_id: number;
  schedule: string;
  last_fired_at: Timestamp;
}

/** An uploaded file; its bytes are in the blob store under `storage_key`. */
export interface AssetTable {
  id: Generated<string>;
  program_id: number;
  kind: "image" | "video" | "file";
  name: string;
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  storage_key: string;
  created_by: number | null;
  created_at: Generated<Date>;
  /** A video's processing (video-processing.server.ts); null for pictures and files. */
  processing: VideoProcessing | null;
  duration_ms: number | null;
}

export type VideoProcessing = "PROCESSING" | "COMPLETE" | "ERROR";

/** An asset of no program, that every program may show (the spec's common assets, program 0). */
export type CommonAssetTable = Omit<AssetTable, "program_id" | "created_by" | "processing" | "duration_ms">;

/** A link's preview as it was fetched (spec: Link metadata); rows never change. */
export interface LinkPreviewTable {
  id: Generated<number>;
  program_id: number;
  url: string;
  host: string;
  title: string | null;
  description: string | null;
  site_name: string | null;
  type: string | null;
  image_asset_id: string | null;
  fetched_by: number | null;
  fetched_at: Generated<Date>;
}

/** An in-app notification; `dedupe_key` makes creating the same one twice a no-op. */
export interface NotificationTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  type: string;
  foreign_id: string | null;
  message: string;
  link: string | null;
  /** A picture it carries (a path in the program, served without a session, as e-mails need), and its description. */
  image_url: string | null;
  image_alt: string | null;
  is_read: Generated<boolean>;
  dedupe_key: string;
  created_at: Generated<Date>;
}

export type NotificationChannel = "EMAIL" | "SMS" | "PUSH";

/** The spec's preference record: a channel on or off for an employee, and a flag per notification type. */
export interface NotificationPreferenceTable {
  program_id: number;
  employee_id: number;
  channel: NotificationChannel;
  enabled: boolean;
  flags: ColumnType<Record<string, boolean>, string | undefined, string>;
}

export interface PushSubscriptionTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

/** An item a plugin published to the Moments feed; `kind` is the spec's socialType. */
export interface FeedItemTable {
  id: Generated<number>;
  program_id: number;
  kind: string;
  foreign_id: string;
  author_id: number | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

/** An item on someone's profile wall; `item_type` is the spec's wall item code (NOMINATION, ECARD...). */
export interface WallItemTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  item_type: string;
  foreign_id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

export type PointsRequestStatus = "PENDING" | "APPROVED" | "DENIED" | "CANCELLED";

/** A request for more points to give (/points-request), waiting for or decided by its approver. */
export interface PointsRequestTable {
  id: Generated<number>;
  program_id: number;
  requester_id: number;
  /** Who decides it: the requester's nearest approver up the reporting line; null leaves it to every approver. */
  approver_id: number | null;
  amount_requested: number;
  amount_approved: number | null;
  reason: string;
  status: ColumnType<PointsRequestStatus, PointsRequestStatus | undefined, PointsRequestStatus>;
  decision_comment: string | null;
  /** The request form's key: a form posted twice makes one request. */
  form_key: string;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  reminded_at: Timestamp | null;
}

export type PointsRequestAction = "REQUESTED" | "APPROVED" | "DENIED" | "CANCELLED" | "REASSIGNED" | "REMINDED";

/** What happened to a request, and who did it (`delegate_id` when a delegate acted for them). */
export interface PointsRequestEventTable {
  id: Generated<number>;
  program_id: number;
  request_id: number;
  action: PointsRequestAction;
  actor_id: number | null;
  delegate_id: number | null;
  amount: number | null;
  comment: string | null;
  created_at: CreatedAt;
}

export type AllowancePeriod = "MONTHLY" | "QUARTERLY";

/** Points to give a person or every member of a group receives each period, from the program's bucket. */
export interface PointsAllowanceTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number | null;
  group_id: number | null;
  amount: number;
  period: AllowancePeriod;
  /** Unused points of a grant go back to the bucket this many days after it; null keeps them. */
  expires_after_days: number | null;
  active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** One period's grant of an allowance to one person; `expired_amount` is what its expiry took back. */
export interface PointsAllowanceGrantTable {
  id: Generated<number>;
  program_id: number;
  allowance_id: number;
  employee_id: number;
  /** "2026-11" for a month, "2026-Q4" for a quarter: a period grants once. */
  period_key: string;
  amount: number;
  transfer_id: number;
  expires_on: ColumnType<string | null, string | null | undefined, never>;
  expired_amount: number | null;
  created_at: CreatedAt;
}

/** Core tables. Plugins extend this interface through declaration merging in their own schema.ts. */
/** One of a person's three Me In 3 pictures (slot 1 to 3), of a category of the program's. */
export interface MeIn3PictureTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  slot: number;
  category_id: string;
  caption: Generated<string>;
  asset_id: string;
  updated_at: Generated<Date>;
}

/** One of a person's favourite things (My Stuff): an item of a category of the program's. */
export interface MyStuffItemTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  category_id: string;
  item_id: string;
  created_at: CreatedAt;
}

/** A document of the program guide, uploaded by a program manager. */
export interface ProgramDocumentTable {
  id: Generated<number>;
  program_id: number;
  title: string;
  asset_id: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface Database {
  program: ProgramTable;
  employee: EmployeeTable;
  employee_group: EmployeeGroupTable;
  employee_group_member: EmployeeGroupMemberTable;
  segment: SegmentTable;
  employee_segment: EmployeeSegmentTable;
  employee_change: EmployeeChangeTable;
  people_import: PeopleImportTable;
  config_data_applied: ConfigDataAppliedTable;
  address: AddressTable;
  session: SessionTable;
  points_account: PointsAccountTable;
  points_transfer: PointsTransferTable;
  points_entry: PointsEntryTable;
  redeem_code: RedeemCodeTable;
  tenant_settings: TenantSettingsTable;
  tenant_settings_change: TenantSettingsChangeTable;
  password_token: PasswordTokenTable;
  employee_delegate: EmployeeDelegateTable;
  one_time_key: OneTimeKeyTable;
  verification_code: VerificationCodeTable;
  job_schedule: JobScheduleTable;
  asset: AssetTable;
  common_asset: CommonAssetTable;
  link_preview: LinkPreviewTable;
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
  push_subscription: PushSubscriptionTable;
  feed_item: FeedItemTable;
  wall_item: WallItemTable;
  points_request: PointsRequestTable;
  points_request_event: PointsRequestEventTable;
  points_allowance: PointsAllowanceTable;
  points_allowance_grant: PointsAllowanceGrantTable;
  me_in_3_picture: MeIn3PictureTable;
  my_stuff_item: MyStuffItemTable;
  program_document: ProgramDocumentTable;
  viewer_version: ChangeVersionTable;
  person_version: PersonVersionTable;
  person_all_version: ChangeVersionTable;
}

/** Tables whose rows belong to one program: every query on them goes through ProgramDb. */
export type ProgramTableName = {
  [T in keyof Database]: Database[T] extends { program_id: number } ? T : never;
}[keyof Database];

export type EmployeeRow = Selectable<EmployeeTable>;
export type NewEmployee = Insertable<EmployeeTable>;
export type EmployeeUpdate = Updateable<EmployeeTable>;
