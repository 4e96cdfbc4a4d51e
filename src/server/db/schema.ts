// Table types for Kysely. Times are ISO 8601 UTC strings with milliseconds and 'Z'
// (toISOString), so they sort and compare the same way on SQLite and PostgreSQL.
// Booleans are integers 0/1 on both dialects.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Role = 'CLIENT' | 'VOLUNTEER' | 'ADMIN';
export type VolunteerSubRole = 'REGULAR' | 'TEAM_LEAD' | 'CLINICIAN';
export type OrderStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'CANCELLED';
export type OrderType = 'CLIENT' | 'GUEST';
export type RoundStatus = 'SCHEDULED' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';
/** CANCELLED: the volunteer cancelled; the row stays for the record and holds no slot. */
export type SignupStatus = 'CONFIRMED' | 'WAITLISTED' | 'CANCELLED';
/** A sign-up that still counts: at most one per volunteer per round. */
export type LiveSignupStatus = Exclude<SignupStatus, 'CANCELLED'>;
export type ApplicationStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower(username): uniqueness is case-insensitive. */
  username_key: string;
  email: string | null;
  /** lower(email), unique when present. */
  email_key: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  role: Role;
  volunteer_subrole: VolunteerSubRole | null;
  subrole_notes: string | null;
  /** argon2id PHC string; null until a password is set (approved applicant). */
  password_hash: string | null;
  /** 1 once a code mailed to the current email was entered; an email change sets 0. */
  email_verified: Generated<number>;
  /** Notification preferences (notifications/), 0/1, default 1. */
  notify_push: Generated<number>;
  notify_email: Generated<number>;
  /** The language the person chose ("en" | "es"), null while never chosen (mail: English). */
  language: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoginSessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface SecureSessionsTable {
  id: string;
  /** PKCS#8 (base64) of the server's one-time ECDH key; cleared once the handshake completes. */
  server_private_key: string | null;
  /** Raw AES-256 key (base64) once the handshake completed, else null. */
  aes_key: string | null;
  /** The login session this secure session is bound to, once a login went through it. */
  login_session_id: string | null;
  created_at: string;
  last_used_at: string;
  /** Uncompleted: a minute after creation. Completed: the absolute expiry. */
  expires_at: string;
  /** Encrypted messages accepted so far (at most SECURE_SESSION_MAX_MESSAGES). */
  message_count: Generated<number>;
}

export interface SecureSessionIvsTable {
  session_id: string;
  iv: string;
  seen_at: string;
}

export interface ImagesTable {
  id: string;
  content_type: string;
  bytes: Uint8Array;
  thumb_content_type: string;
  thumb_bytes: Uint8Array;
  width: number;
  height: number;
  created_at: string;
}

export interface CargoItemsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  description: string | null;
  category: string | null;
  /** The total; the sum of the sizes when the item has sizes. */
  quantity: number;
  image_id: string | null;
  /** How many of the item (all sizes together) one order may ask for; at least 1. */
  max_per_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CargoItemSizesTable {
  item_id: number;
  size_label: string;
  quantity: number;
  /** The order the admin listed the sizes in (0, 1, …). */
  position: Generated<number>;
}

/** One row (id 1): bumped by triggers on every cargo_items / cargo_item_sizes change. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null;
  order_type: OrderType;
  status: OrderStatus;
  delivery_address: string;
  phone_number: string | null;
  notes: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  latitude: number | null;
  longitude: number | null;
  round_id: number | null;
  request_time: string;
  updated_at: string;
  /** GUEST orders: the phone and email normalised (rules/order-limits.ts), for the daily limit. */
  guest_phone_key: string | null;
  guest_email_key: string | null;
  /** When the retention sweep removed the personal data (address emptied); null before. */
  personal_data_purged_at: Generated<string | null>;
  /** Who cancelled a CANCELLED order (user id, not a foreign key); null otherwise. */
  cancelled_by: Generated<number | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  item_name: string;
  quantity: number;
  /** The catalogue item reserved from; null for a custom request. */
  cargo_item_id: number | null;
  size_label: string | null;
  is_custom: number;
}

export interface RoundsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  location: string | null;
  start_time: string;
  end_time: string;
  max_participants: number;
  status: RoundStatus;
  team_lead_id: number | null;
  clinician_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RoundSignupsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  status: SignupStatus;
  created_at: string;
  /** When the volunteer cancelled; set exactly on CANCELLED rows (a check says so). */
  cancelled_at: string | null;
}

export interface VolunteerApplicationsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notes: string | null;
  status: ApplicationStatus;
  submission_date: string;
  decided_at: string | null;
  decided_by: number | null;
  /** Approved for an account whose email was unproven: promoted when it proves it on reset. */
  promote_on_reset_user_id: Generated<number | null>;
  /** The language the application was sent in ("en", "es"); null when its request said none. */
  language: Generated<string | null>;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  name: string | null;
  phone_number: string;
  content: string;
  created_at: string;
  /** The sending account's username (from its login session); null when not signed in. */
  account_username: string | null;
  /** When the retention sweep removed the phone (emptied); null before. */
  personal_data_purged_at: Generated<string | null>;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the 6-digit code. */
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** Why it was mailed (the per-account send limit counts VERIFY ones). */
  purpose: Generated<MailedCodePurpose>;
  /** lower(email) the code was mailed to: it proves only that address. */
  sent_to_key: string | null;
}

export type MailedCodePurpose = 'RESET' | 'VERIFY' | 'WELCOME' | 'APPROVAL';

export interface IdempotencyKeysTable {
  /** 'user:<id>' or 'anon' — keys are scoped to the caller. */
  scope: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 (hex) of the request body, to tell a replay from a reuse with another body. */
  request_hash: string;
  status_code: number;
  reply_json: string;
  created_at: string;
}

/** Keys the server made once (e.g. `device-cookie`), shared by every process. */
export interface ServerSecretsTable {
  name: string;
  /** Random bytes, base64url. */
  value: string;
  created_at: string;
}

/** Append-only (database triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** The user who acted or looked; null for the server's own sweeps. Not a foreign key. */
  actor_id: number | null;
  /** The actor's username at the time, kept after the account is deleted. */
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: number | null;
  /** JSON object text, or null. */
  details: string | null;
}

/** A device's last report of its outbox (devices/), one per (device, user). */
export interface DeviceReportsTable {
  /** The random id the device keeps. */
  device_id: string;
  user_id: number;
  pending_count: number;
  /** ISO times on the server's clock (the device's moved by the clocks' difference). */
  oldest_pending_at: string | null;
  last_sync_at: string | null;
  attention_count: number;
  app_version: string;
  /** When the server received the report. */
  reported_at: string;
}

/** A person's Web Push subscription on one browser (push/); the endpoint is unique. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's https: URL for this browser. */
  endpoint: string;
  /** The browser's P-256 public key and authentication secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  created_at: string;
  last_success_at: string | null;
}

/** A notification's push to one subscription: claimed ('sending'), then 'sent' or 'failed'. */
export interface PushDeliveriesTable {
  notification_id: number;
  subscription_id: number;
  status: 'sending' | 'sent' | 'failed';
  claimed_at: string;
  sent_at: string | null;
}

/** A volunteer's calendar feed link generation (calendar/): rotating bumps it. */
export interface CalendarLinksTable {
  user_id: number;
  generation: number;
  rotated_at: string;
}

export type NotificationChannelName = 'push' | 'email';
/** 'sending': claimed by a worker (next_attempt_at is then the claim's lease). */
export type NotificationStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';

/** The notification queue (notifications/): one row per (event, person, channel). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** e.g. 'round.reminder', 'signup.confirmed' (notification-texts.ts). */
  kind: string;
  /** Names the event, e.g. `signup.confirmed:signup:123`; unique with user_id and channel. */
  event_key: string;
  channel: NotificationChannelName;
  /** JSON text of what the texts need; never a client's address or phone. */
  params: string;
  due_at: string;
  status: NotificationStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Database {
  users: UsersTable;
  login_sessions: LoginSessionsTable;
  secure_sessions: SecureSessionsTable;
  secure_session_ivs: SecureSessionIvsTable;
  images: ImagesTable;
  cargo_items: CargoItemsTable;
  cargo_item_sizes: CargoItemSizesTable;
  catalogue_version: CatalogueVersionTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  rounds: RoundsTable;
  round_signups: RoundSignupsTable;
  volunteer_applications: VolunteerApplicationsTable;
  feedback: FeedbackTable;
  password_reset_codes: PasswordResetCodesTable;
  idempotency_keys: IdempotencyKeysTable;
  server_secrets: ServerSecretsTable;
  audit_log: AuditLogTable;
  device_reports: DeviceReportsTable;
  notifications: NotificationsTable;
  calendar_links: CalendarLinksTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
