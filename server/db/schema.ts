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
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie value; the raw value is never stored. */
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
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
}

export type ServiceRequestStatus = 'pending' | 'approved' | 'rejected';

export interface ServiceRequestsTable {
  id: string;
  service_id: string;
  display_name: string;
  domain: string;
  requested_by: string;
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
}

export interface ClicksTable {
  id: Generated<number>;
  code_id: string;
  clicked_at: Timestamp;
  /** SHA-256 of a daily salt, the IP and the user agent; raw IPs are never stored. */
  visitor_hash: string;
}

export interface LogosTable {
  /** e.g. `lookup:uber:400x400` or `service:acme:400x400`. */
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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_tokens: SignInTokensTable;
  admins: AdminsTable;
  services: ServicesTable;
  service_requests: ServiceRequestsTable;
  codes: CodesTable;
  clicks: ClicksTable;
  logos: LogosTable;
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
