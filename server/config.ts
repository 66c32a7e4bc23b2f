import path from 'node:path';
import { z } from 'zod';

/** Settings that production cannot run without, in the order the startup error lists them. */
export const REQUIRED_IN_PRODUCTION = [
  'APP_URL',
  'SESSION_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
] as const;

const MIB = 1024 * 1024;

const DEV_SESSION_SECRET = 'refstash-development-secret-do-not-use-in-production';

export class ConfigError extends Error {}

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** A timeout in milliseconds: 0 (Node's "never") is refused, so a slow client is always cut off. */
const milliseconds = z.coerce.number().int().positive();

/** A cache's byte budget in MiB (decision 091): 1 at least, so no cache is switched off by accident. */
const mebibytes = z.coerce.number().int().min(1).max(65_536);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  SQLITE_PATH: z.string().min(1).default('./data/refstash.db'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  DEMO_USERNAME: z.string().min(1).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: flag,
  /** Multiplies every rate limit for tests; production refuses any value but 1. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Test-only: lets the logo fetcher reach loopback addresses; production refuses it. */
  LOGO_FETCH_ALLOW_LOOPBACK: flag,
  /**
   * Test-only: the PEM certificate authority the logo fetcher trusts instead of the public roots,
   * so its https path runs against a local stand-in site; production refuses it.
   */
  LOGO_FETCH_CA: z.string().min(1).optional(),
  /**
   * Test-only: lets the link checker reach a link's own loopback `host:port` (a local stand-in
   * site); production refuses it (decision 111).
   */
  LINK_CHECK_ALLOW_LOOPBACK: flag,
  /**
   * 'off': this instance starts no scheduled jobs (decision 109); another instance, or
   * `npm run admin -- jobs run <name>`, runs them. The e2e servers use it: their demo links name
   * real sites, which the link checker must not reach from a test.
   */
  SCHEDULED_JOBS: z.enum(['on', 'off']).default('on'),
  /** Requests the link checker sends one host per minute, redirects included (decision 111). */
  LINK_CHECK_PER_HOST_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(20),
  /** The budget of one logo fetch (both icons, every redirect): at most decisions.md's 3 s. */
  LOGO_FETCH_TIMEOUT_MS: milliseconds.max(3000).default(3000),
  /** How long a whole request (headers and body) may take to arrive: slow clients get 408. */
  REQUEST_TIMEOUT_MS: milliseconds.default(30_000),
  /** How long the header block may take to arrive. */
  HEADERS_TIMEOUT_MS: milliseconds.default(10_000),
  /** How long an idle keep-alive connection stays open between requests. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(5_000),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  /** The web app's server build (public pages are rendered with it). */
  SSR_DIST_DIR: z.string().min(1).default('./dist/ssr'),
  SEED_DEMO: z.enum(['1', '0', 'true', 'false']).optional(),
  /** Raw click and view events older than this many days are deleted (their daily totals stay). */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  /** A new account's codes reach service pages only after this many days (decision 094). */
  LISTING_PROBATION_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /** The bytes of the in-memory "viewed in the last 30 minutes" set (decision 093). */
  VIEW_DEDUP_BYTES: z.coerce
    .number()
    .int()
    .min(65_536)
    .default(4 * 1024 * 1024),
  /** Rendered public pages kept per instance, with their brotli and gzip copies. */
  PAGE_CACHE_MB: mebibytes.default(64),
  /** Rendered share images (PNG) kept per instance. */
  SHARE_IMAGE_CACHE_MB: mebibytes.default(32),
  /** Service listings, their rotations and first pages kept per instance. */
  LISTING_CACHE_MB: mebibytes.default(32),
  /** Public profiles (their codes' JSON) kept per instance. */
  PROFILE_CACHE_MB: mebibytes.default(32),
  /** Logos fetched from services' sites, kept in the database (about 2,000 at the default). */
  LOGO_CACHE_MB: mebibytes.default(170),
  AVATAR_CACHE_MB: mebibytes.default(16),
});

export type DatabaseConfig =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  /** Origin the app is reached at; sign-in links and the CSRF check use it. */
  readonly appUrl: string;
  readonly appOrigin: string;
  readonly isHttps: boolean;
  readonly database: DatabaseConfig;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly sessionSecret: string;
  readonly redisUrl: string | undefined;
  readonly demoUsername: string;
  readonly logLevel: string;
  readonly trustProxy: boolean;
  readonly rateLimitScale: number;
  readonly logoFetchAllowLoopback: boolean;
  readonly logoFetchCa: string | undefined;
  readonly logoFetchTimeoutMs: number;
  /** LINK_CHECK_ALLOW_LOOPBACK (test-only) and LINK_CHECK_PER_HOST_PER_MINUTE (decision 111). */
  readonly linkCheckAllowLoopback: boolean;
  readonly linkCheckPerHostPerMinute: number;
  /** SCHEDULED_JOBS: false when this instance starts no scheduled jobs. */
  readonly scheduledJobs: boolean;
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly webDistDir: string;
  readonly ssrDistDir: string;
  readonly seedDemo: boolean;
  /** Days raw click and view events are kept (EVENT_RETENTION_DAYS, decision 080). */
  readonly eventRetentionDays: number;
  /** LISTING_PROBATION_DAYS (decision 094). */
  readonly listingProbationDays: number;
  /** VIEW_DEDUP_BYTES (decision 093). */
  readonly viewDedupBytes: number;
  /** Byte budgets of the in-memory caches (decision 091). */
  readonly cacheBytes: Readonly<{
    pages: number;
    shareImages: number;
    listings: number;
    profiles: number;
    logos: number;
    /** Avatars' WebP bytes (issue 26, decision 101). */
    avatars: number;
  }>;
}

type Env = z.infer<typeof envSchema>;

/**
 * Switches that weaken protection for tests are refused in production with a startup error
 * (decisions.md), never silently ignored: a stray value must be seen, not half-applied. The
 * benchmark lifts the limits in code instead (bench/bench-server.ts).
 */
function refuseWeakenedProduction(e: Env, isProduction: boolean): void {
  if (!isProduction) return;
  if (e.RATE_LIMIT_SCALE !== 1) {
    throw new ConfigError(
      'RATE_LIMIT_SCALE must be 1 in production (it multiplies every abuse limit)',
    );
  }
  if (e.LOGO_FETCH_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'LOGO_FETCH_ALLOW_LOOPBACK must be unset in production (it lets the logo fetcher reach this machine)',
    );
  }
  if (e.LINK_CHECK_ALLOW_LOOPBACK) {
    throw new ConfigError(
      'LINK_CHECK_ALLOW_LOOPBACK must be unset in production (it lets the link checker reach this machine)',
    );
  }
  if (e.LOGO_FETCH_CA) {
    throw new ConfigError(
      'LOGO_FETCH_CA must be unset in production (it replaces the trusted certificate authorities of the logo fetcher)',
    );
  }
}

/**
 * Node refuses a headers timeout longer than the request timeout, and advises a keep-alive
 * timeout below the headers timeout: an idle connection is then closed by the keep-alive timer,
 * never taken for a slow header block.
 */
function checkTimeouts(e: Env): void {
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${e.HEADERS_TIMEOUT_MS}) must not exceed REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (e.KEEP_ALIVE_TIMEOUT_MS >= e.HEADERS_TIMEOUT_MS) {
    throw new ConfigError(
      `KEEP_ALIVE_TIMEOUT_MS (${e.KEEP_ALIVE_TIMEOUT_MS}) must be less than HEADERS_TIMEOUT_MS (${e.HEADERS_TIMEOUT_MS})`,
    );
  }
}

/**
 * Parses the environment once and returns a frozen config. Throws ConfigError with the exact
 * spec message when production settings are missing, and with a clear one for a malformed
 * value, a test switch in production or timeouts that do not fit together.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(`Missing required environment variables: ${missing.join(', ')}`);
    }
  }
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${details}`);
  }
  const e = parsed.data;
  refuseWeakenedProduction(e, isProduction);
  checkTimeouts(e);
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  const database: DatabaseConfig = e.DATABASE_URL?.startsWith('postgres')
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'sqlite', path: path.resolve(e.SQLITE_PATH) };
  return Object.freeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl: appUrl.origin,
    appOrigin: appUrl.origin,
    isHttps: appUrl.protocol === 'https:',
    database: Object.freeze(database),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Refstash <no-reply@localhost>',
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    redisUrl: e.REDIS_URL,
    demoUsername: e.DEMO_USERNAME.toLowerCase(),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    logoFetchAllowLoopback: e.LOGO_FETCH_ALLOW_LOOPBACK,
    logoFetchCa: e.LOGO_FETCH_CA,
    logoFetchTimeoutMs: e.LOGO_FETCH_TIMEOUT_MS,
    linkCheckAllowLoopback: e.LINK_CHECK_ALLOW_LOOPBACK,
    linkCheckPerHostPerMinute: e.LINK_CHECK_PER_HOST_PER_MINUTE,
    scheduledJobs: e.SCHEDULED_JOBS === 'on',
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    ssrDistDir: path.resolve(e.SSR_DIST_DIR),
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    listingProbationDays: e.LISTING_PROBATION_DAYS,
    viewDedupBytes: e.VIEW_DEDUP_BYTES,
    cacheBytes: Object.freeze({
      pages: e.PAGE_CACHE_MB * MIB,
      shareImages: e.SHARE_IMAGE_CACHE_MB * MIB,
      listings: e.LISTING_CACHE_MB * MIB,
      profiles: e.PROFILE_CACHE_MB * MIB,
      logos: e.LOGO_CACHE_MB * MIB,
      avatars: e.AVATAR_CACHE_MB * MIB,
    }),
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' || e.SEED_DEMO === 'true' : !isProduction,
  });
}
