import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO 8601 UTC strings on both dialects (see database.ts). */
export type Timestamp = string;

export interface UsersTable {
  id: string;
  email: string;
  /** Lowercase; null until the user chooses one at the username step. */
  username: string | null;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  disabled_at: Timestamp | null;
  /**
   * The public profile's codes as a JSON array (shared/code-schemas.ts PublicCodeDto[]), kept
   * current by triggers (migration 0052). Never written by the application.
   */
  profile_codes: Generated<string>;
  /** When the user last renamed (migration 0061); null until the first rename. */
  username_changed_at: Generated<Timestamp | null>;
  /** Where the code form's listing switch starts for a new code, 0/1 (migration 0081). */
  list_new_codes: Generated<number>;
  /** The profile's identity (migration 0100, decision 101): null when not set. */
  display_name: Generated<string | null>;
  bio: Generated<string | null>;
  /** JSON array of https URLs, at most 5. */
  links: Generated<string>;
  /** A palette name (shared/profile-identity.ts ACCENT_NAMES); null for the default. */
  accent: Generated<string | null>;
  /** The current avatar's `avatars.hash`; null for the generated initial. */
  avatar_hash: Generated<string | null>;
  /** Set while an admin's 'Hide profile details' holds (decision 101). */
  details_hidden_at: Generated<Timestamp | null>;
  details_hidden_action_id: Generated<string | null>;
}

/** An avatar's re-encoded WebP bytes (migration 0100), deleted with its owner. */
export interface AvatarsTable {
  /** Hex SHA-256 of the owner's id and the 512 bytes (first 32 characters): the URL's key. */
  hash: string;
  user_id: string;
  webp_512: Buffer;
  webp_128: Buffer;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie value; the raw value is never stored. */
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The browser and system in words at sign-in (migration 0120); null: unknown. */
  device: Generated<string | null>;
  /** Written at most once an hour (migration 0120); null: not seen since it was created. */
  last_seen_at: Generated<Timestamp | null>;
}

/** Personal API tokens (migration 0120, decision 107). */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  name: string;
  /** Space-separated scopes (shared/token-schemas.ts TOKEN_SCOPES). */
  scopes: string;
  created_at: Timestamp;
  /** Null: lives until revoked. */
  expires_at: Timestamp | null;
  /** Written at most once a minute. */
  last_used_at: Timestamp | null;
}

export interface SignInTokensTable {
  /** SHA-256 (hex) of the emailed token; the raw token is never stored. */
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
}

export interface AdminsTable {
  user_id: string;
  email: string;
  username: string | null;
  added_by: string | null;
  added_at: Timestamp;
}

export interface ServicesTable {
  id: string;
  name: string;
  domain: string;
  created_at: Timestamp;
  created_by: string;
  /** Bumped by triggers whenever the service page's content may change (migration 0070). */
  listing_rev: Generated<number>;
  /** JSON array of the link hosts admins allow besides the domain (migration 0092, decision 094). */
  link_hosts: Generated<string>;
  /** 1 when a link redirected to the service's home page counts as dead (migration 0140). */
  home_redirect_broken: Generated<number>;
}

export type ServiceRequestStatus = 'pending' | 'approved' | 'rejected';

export interface ServiceRequestsTable {
  id: string;
  service_id: string;
  display_name: string;
  domain: string;
  /** Null once the requester deleted their account (migration 0080). */
  requested_by: ColumnType<string | null, string, null>;
  requested_at: Timestamp;
  status: ColumnType<ServiceRequestStatus, ServiceRequestStatus | undefined, ServiceRequestStatus>;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  notes: string | null;
  updated_at: Timestamp;
}

export interface CodesTable {
  id: string;
  user_id: string;
  service: string;
  product_name: string | null;
  code: string;
  reward: string;
  link: string | null;
  clicks: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 1 when the code shows on its service's page (migration 0070; existing codes 0). */
  listed: Generated<number>;
  /** The last day the offer works, 'YYYY-MM-DD' (UTC); null when it does not expire. */
  expires_on: Generated<string | null>;
  /** JSON array of ISO 3166 alpha-2 codes where it works; null for everywhere. */
  countries: Generated<string | null>;
  /** Set while an admin keeps the code hidden (migration 0095): off every public page. */
  hidden_at: Generated<Timestamp | null>;
  /** The `moderation_actions` row that hid it. */
  hidden_action_id: Generated<string | null>;
}

/** A "Did it work?" answer (decisions 070, 093): one per network, code and UTC day. */
export interface VotesTable {
  id: Generated<number>;
  code_id: string;
  /** The voter's network's keyed hash (`networkHash`); rows before 0091 hold a visitor hash. */
  network_hash: string;
  /** UTC day, 'YYYY-MM-DD'. */
  day: string;
  /** 1 yes, 0 no. */
  worked: number;
  reason: VoteReason | null;
  created_at: Timestamp;
}

export type VoteReason = 'expired' | 'not_accepted' | 'not_eligible';

export interface ClicksTable {
  id: Generated<number>;
  code_id: string;
  clicked_at: Timestamp;
  /** SHA-256 of a daily salt, the IP and the user agent; raw IPs are never stored. */
  visitor_hash: string;
}

export interface LogosTable {
  /** `service:{id}:{size}`, e.g. `service:acme:160` (sizes 64, 160, 400: decision 032). */
  cache_key: string;
  service_id: string;
  logo_data: string | null;
  logo_type: string | null;
  logo_url: string | null;
  /** Set when the lookup failed; failures are cached for a day. */
  error: string | null;
  fetched_at: Timestamp;
  expires_at: Timestamp | null;
}

/**
 * A username its owner left, kept from everyone else until `held_until` (decision 012). `user_id`
 * is not a foreign key: a hold outlives the account it came from.
 */
export interface UsernameHoldsTable {
  username: string;
  user_id: string;
  held_until: Timestamp;
}

/** One code's copies on one UTC day (migration 0080 stats-rollups; kept by a trigger on clicks). */
export interface DailyCodeStatsTable {
  code_id: string;
  user_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  copies: number;
  unique_visitors: number;
  /** The code's copies up to and including `day` (migration 0082; kept by triggers). */
  copies_to_date: Generated<number>;
  /** Likewise for its daily unique visitors. */
  unique_to_date: Generated<number>;
}

/** The sum of a user's code buckets per UTC day (migration 0082; kept by triggers). */
export interface DailyUserStatsTable {
  user_id: string;
  day: string;
  copies: number;
  unique_visitors: number;
}

/** One view of a public profile page (bots excluded); raw IPs are never stored. */
export interface ProfileViewsTable {
  id: Generated<number>;
  user_id: string;
  viewed_at: Timestamp;
  visitor_hash: string;
}

/** One profile's views on one UTC day (kept by a trigger on profile_views). */
export interface DailyProfileStatsTable {
  user_id: string;
  day: string;
  views: number;
  unique_visitors: number;
}

/** One reported target while its reports wait, and after (decision 095). */
export interface ModerationCasesTable {
  id: string;
  /** `code:<id>` or `profile:<user id>`: at most one open case each. */
  target_key: string;
  target_type: 'code' | 'profile';
  code_id: string | null;
  /** The owner. */
  user_id: string;
  /** JSON: shared/moderation-schemas.ts caseTargetSchema, as first reported. */
  snapshot: string;
  status: 'open' | 'closed';
  first_reported_at: Timestamp | null;
  last_reported_at: Timestamp | null;
  /** The last report or appeal: the queue's order. */
  activity_at: Timestamp;
  created_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface ModerationReportsTable {
  id: Generated<number>;
  case_id: string;
  target_key: string;
  /** HMAC of the reporter's network (/24 or /64); the address is never stored. */
  network_hash: string;
  /** UTC 'YYYY-MM-DD': one report per network, target and day. */
  day: string;
  reason: string;
  note: string | null;
  created_at: Timestamp;
}

/** The audit log: never deleted; the target's label is a snapshot. */
export interface ModerationActionsTable {
  id: string;
  created_at: Timestamp;
  /** Null for the CLI, and once the admin's account is deleted. */
  actor_user_id: string | null;
  /** Null for the CLI only ('' for an admin without a username). */
  actor_username: string | null;
  action: string;
  target_type: 'code' | 'account';
  target_label: string;
  code_id: string | null;
  /** Null once the target's account is deleted (decision 080: no table keeps a deleted id). */
  target_user_id: string | null;
  target_username: string | null;
  reason: string;
  case_id: string | null;
}

export interface ModerationAppealsTable {
  id: string;
  action_id: string;
  case_id: string | null;
  user_id: string;
  note: string;
  status: 'open' | 'restored' | 'kept';
  created_at: Timestamp;
  decided_at: Timestamp | null;
  /** The admin's reason for the decision. */
  answer: string | null;
}

export interface ModerationNoticesTable {
  name: string;
  sent_at: Timestamp;
}

/** One mail to send, or sent (migration 0130, decision 109). */
export interface MailQueueTable {
  id: string;
  /** Unique: queueing the same mail again is a no-op. */
  dedupe_key: string;
  /** shared/owner-mail.ts MailKind. */
  kind: string;
  user_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers (List-Unsubscribe). */
  headers: Generated<string>;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  /** While a sender holds the row (a lease): no other sender takes it before then. */
  claimed_until: Generated<Timestamp | null>;
  attempts: Generated<number>;
  sent_at: Generated<Timestamp | null>;
  /** Set when it was given up after the last attempt. */
  failed_at: Generated<Timestamp | null>;
  last_error: Generated<string | null>;
}

/** One run of a scheduled job (decision 109). */
export interface JobRunsTable {
  id: Generated<number>;
  name: string;
  started_at: Timestamp;
  duration_ms: number;
  summary: string;
  outcome: 'ok' | 'failed';
}

export interface JobMarksTable {
  name: string;
  value: string;
}

/** A kind of mail the owner switched off (decision 110). */
export interface MailOptOutsTable {
  user_id: string;
  kind: string;
  created_at: Timestamp;
}

/** Present while a code is sunk under 'No' answers: its owner is told once per sinking. */
export interface CodeSinkStatesTable {
  code_id: string;
  sank_at: Timestamp;
}

/** A registered passkey (migration 0110, decision 105). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The last sign counter the authenticator reported (0 when it keeps none). */
  counter: Generated<number>;
  /** JSON array of the transports the browser reported at registration. */
  transports: Generated<string>;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A passkey challenge until it is used or expires (migration 0110). */
export interface PasskeyChallengesTable {
  /** base64url, as handed to the browser. */
  challenge: string;
  purpose: 'registration' | 'authentication';
  /** SHA-256 of the session (registration) or pre-sign-in cookie (authentication) it is bound to. */
  binding_hash: string;
  /** The user adding a passkey; null for a sign-in. */
  user_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export type LinkState = 'unknown' | 'ok' | 'broken';

/** A listed code's link health (migration 0140, decision 111). */
export interface CodeLinksTable {
  code_id: string;
  state: Generated<LinkState>;
  /** Failed checks in a row, since `streak_started_at`. */
  failures: Generated<number>;
  streak_started_at: Generated<Timestamp | null>;
  last_checked_at: Generated<Timestamp | null>;
  /** What the last check found ('ok', 'not_found', 'dns', 'timeout', …). */
  last_outcome: Generated<string | null>;
  /** Null while the code is not listed. */
  next_check_at: Timestamp | null;
}

export interface LinkHealthRunsTable {
  name: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_tokens: SignInTokensTable;
  admins: AdminsTable;
  services: ServicesTable;
  service_requests: ServiceRequestsTable;
  codes: CodesTable;
  clicks: ClicksTable;
  votes: VotesTable;
  logos: LogosTable;
  username_holds: UsernameHoldsTable;
  daily_code_stats: DailyCodeStatsTable;
  profile_views: ProfileViewsTable;
  daily_profile_stats: DailyProfileStatsTable;
  daily_user_stats: DailyUserStatsTable;
  moderation_cases: ModerationCasesTable;
  moderation_reports: ModerationReportsTable;
  moderation_actions: ModerationActionsTable;
  moderation_appeals: ModerationAppealsTable;
  moderation_notices: ModerationNoticesTable;
  mail_queue: MailQueueTable;
  job_runs: JobRunsTable;
  job_marks: JobMarksTable;
  mail_opt_outs: MailOptOutsTable;
  code_sink_states: CodeSinkStatesTable;
  api_tokens: ApiTokensTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  avatars: AvatarsTable;
  code_links: CodeLinksTable;
  link_health_runs: LinkHealthRunsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CodeRow = Selectable<CodesTable>;
export type NewCode = Insertable<CodesTable>;
export type CodeUpdate = Updateable<CodesTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type ServiceRequestRow = Selectable<ServiceRequestsTable>;
export type AdminRow = Selectable<AdminsTable>;
export type LogoRow = Selectable<LogosTable>;
