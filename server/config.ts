import path from 'node:path';
import { z } from 'zod';

/** Settings that production cannot run without, in the order the startup error lists them. */
export const REQUIRED_IN_PRODUCTION = [
  'APP_URL',
  'SESSION_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
] as const;

const DEV_SESSION_SECRET = 'refstash-development-secret-do-not-use-in-production';

export class ConfigError extends Error {}

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

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
  /** Multiplies every rate limit; the benchmark raises it, production leaves it at 1. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Test-only: lets the logo fetcher reach loopback addresses (a local stand-in site). */
  LOGO_FETCH_ALLOW_LOOPBACK: flag,
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  /** The web app's server build (public pages are rendered with it). */
  SSR_DIST_DIR: z.string().min(1).default('./dist/ssr'),
  SEED_DEMO: z.enum(['1', '0', 'true', 'false']).optional(),
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
  readonly webDistDir: string;
  readonly ssrDistDir: string;
  readonly seedDemo: boolean;
}

/**
 * Parses the environment once and returns a frozen config. Throws ConfigError with the exact
 * spec message when production settings are missing.
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
    logoFetchAllowLoopback: e.LOGO_FETCH_ALLOW_LOOPBACK && !isProduction,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    ssrDistDir: path.resolve(e.SSR_DIST_DIR),
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' || e.SEED_DEMO === 'true' : !isProduction,
  });
}
