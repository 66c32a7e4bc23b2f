import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '..');

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://refstash.example',
  SESSION_SECRET: 'secret',
  SMTP_URL: 'smtp://mail:25',
  MAIL_FROM: 'Refstash <hi@refstash.example>',
};

describe('loadConfig', () => {
  it('applies the development defaults of decisions.md', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', path: path.resolve('data/refstash.db') });
    expect(config.demoUsername).toBe('demo');
    expect(config.redisUrl).toBeUndefined();
    expect(config.isHttps).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('selects PostgreSQL when DATABASE_URL starts with postgres', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('builds APP_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '4567' }).appUrl).toBe('http://localhost:4567');
  });

  it('lists only the missing production settings, in order', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        'Missing required environment variables: APP_URL, SESSION_SECRET, SMTP_URL, MAIL_FROM',
      ),
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', MAIL_FROM: 'a@b.c' }),
    ).toThrow('Missing required environment variables: APP_URL, SMTP_URL');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://x.test',
        SESSION_SECRET: 's',
        SMTP_URL: 'smtp://h',
      }),
    ).toThrow(/^Missing required environment variables: MAIL_FROM$/);
  });

  it('accepts a complete production config', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://refstash.example',
      SESSION_SECRET: 'secret',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Refstash <hi@refstash.example>',
    });
    expect(config.isProduction).toBe(true);
    expect(config.isHttps).toBe(true);
    expect(config.seedDemo).toBe(false);
  });

  it('sets request, headers and keep-alive timeouts, 30 s, 10 s and 5 s by default', () => {
    const config = loadConfig({});
    expect(config.requestTimeoutMs).toBe(30_000);
    expect(config.headersTimeoutMs).toBe(10_000);
    expect(config.keepAliveTimeoutMs).toBe(5_000);
    const custom = loadConfig({
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '800',
      KEEP_ALIVE_TIMEOUT_MS: '300',
    });
    expect([custom.requestTimeoutMs, custom.headersTimeoutMs, custom.keepAliveTimeoutMs]).toEqual([
      1000, 800, 300,
    ]);
  });

  it('refuses timeouts that are not positive or that Node cannot honour together', () => {
    for (const name of ['REQUEST_TIMEOUT_MS', 'HEADERS_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS']) {
      expect(() => loadConfig({ [name]: '0' }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: '-5' }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: 'soon' }), name).toThrow(ConfigError);
    }
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      new ConfigError('HEADERS_TIMEOUT_MS (6000) must not exceed REQUEST_TIMEOUT_MS (5000)'),
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '5000' })).toThrow(
      new ConfigError('KEEP_ALIVE_TIMEOUT_MS (5000) must be less than HEADERS_TIMEOUT_MS (5000)'),
    );
  });

  it('refuses in production a RATE_LIMIT_SCALE other than 1', () => {
    for (const scale of ['1000000', '2', '0.5']) {
      expect(() => loadConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: scale }), scale).toThrow(
        new ConfigError(
          'RATE_LIMIT_SCALE must be 1 in production (it multiplies every abuse limit)',
        ),
      );
    }
    expect(loadConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: '1' }).rateLimitScale).toBe(1);
    expect(loadConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: '' }).rateLimitScale).toBe(1);
  });

  it('refuses in production a truthy LOGO_FETCH_ALLOW_LOOPBACK', () => {
    for (const value of ['1', 'true']) {
      expect(() => loadConfig({ ...PRODUCTION, LOGO_FETCH_ALLOW_LOOPBACK: value }), value).toThrow(
        new ConfigError(
          'LOGO_FETCH_ALLOW_LOOPBACK must be unset in production (it lets the logo fetcher reach this machine)',
        ),
      );
    }
    for (const value of ['0', 'false', '']) {
      expect(
        loadConfig({ ...PRODUCTION, LOGO_FETCH_ALLOW_LOOPBACK: value }).logoFetchAllowLoopback,
      ).toBe(false);
    }
  });

  it('refuses in production a truthy LINK_CHECK_ALLOW_LOOPBACK; 20 link checks per host a minute by default', () => {
    expect(() => loadConfig({ ...PRODUCTION, LINK_CHECK_ALLOW_LOOPBACK: '1' })).toThrow(
      new ConfigError(
        'LINK_CHECK_ALLOW_LOOPBACK must be unset in production (it lets the link checker reach this machine)',
      ),
    );
    expect(loadConfig(PRODUCTION).linkCheckAllowLoopback).toBe(false);
    expect(loadConfig(PRODUCTION).linkCheckPerHostPerMinute).toBe(20);
    expect(() => loadConfig({ ...PRODUCTION, LINK_CHECK_PER_HOST_PER_MINUTE: '0' })).toThrow();
  });

  it('starts the scheduled jobs unless SCHEDULED_JOBS=off', () => {
    expect(loadConfig(PRODUCTION).scheduledJobs).toBe(true);
    expect(loadConfig({ ...PRODUCTION, SCHEDULED_JOBS: 'off' }).scheduledJobs).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, SCHEDULED_JOBS: 'no' })).toThrow();
  });

  it('refuses in production a LOGO_FETCH_CA (it makes the logo fetcher trust a test authority)', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION, LOGO_FETCH_CA: '-----BEGIN CERTIFICATE-----' }),
    ).toThrow(
      new ConfigError(
        'LOGO_FETCH_CA must be unset in production (it replaces the trusted certificate authorities of the logo fetcher)',
      ),
    );
    expect(loadConfig({ ...PRODUCTION, LOGO_FETCH_CA: '' }).logoFetchCa).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', LOGO_FETCH_CA: 'pem' }).logoFetchCa).toBe('pem');
  });

  it('takes a logo fetch budget of at most 3 s (3,000 ms by default)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logoFetchTimeoutMs).toBe(3000);
    expect(loadConfig({ ...PRODUCTION }).logoFetchTimeoutMs).toBe(3000);
    expect(loadConfig({ NODE_ENV: 'test', LOGO_FETCH_TIMEOUT_MS: '50' }).logoFetchTimeoutMs).toBe(
      50,
    );
    for (const value of ['3001', '0', '-1', 'abc']) {
      expect(() => loadConfig({ NODE_ENV: 'test', LOGO_FETCH_TIMEOUT_MS: value }), value).toThrow(
        ConfigError,
      );
    }
  });

  it('bounds every cache by bytes: 64, 32, 32 and 170 MiB by default, each its own setting', () => {
    const MIB = 1024 * 1024;
    expect(loadConfig({}).cacheBytes).toEqual({
      pages: 64 * MIB,
      shareImages: 32 * MIB,
      listings: 32 * MIB,
      profiles: 32 * MIB,
      logos: 170 * MIB,
      avatars: 16 * MIB,
    });
    const set = loadConfig({
      PAGE_CACHE_MB: '8',
      SHARE_IMAGE_CACHE_MB: '4',
      LISTING_CACHE_MB: '2',
      PROFILE_CACHE_MB: '3',
      LOGO_CACHE_MB: '1',
      AVATAR_CACHE_MB: '5',
    });
    expect(set.cacheBytes).toEqual({
      pages: 8 * MIB,
      shareImages: 4 * MIB,
      listings: 2 * MIB,
      profiles: 3 * MIB,
      logos: MIB,
      avatars: 5 * MIB,
    });
    expect(() => loadConfig({ PAGE_CACHE_MB: '0' })).toThrow(/^Invalid environment: PAGE_CACHE_MB/);
    expect(() => loadConfig({ LISTING_CACHE_MB: 'lots' })).toThrow(/LISTING_CACHE_MB/);
  });

  it('keeps both test switches outside production (tests and stress runs use them)', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({
        NODE_ENV,
        RATE_LIMIT_SCALE: '1000',
        LOGO_FETCH_ALLOW_LOOPBACK: '1',
      });
      expect(config.rateLimitScale).toBe(1000);
      expect(config.logoFetchAllowLoopback).toBe(true);
    }
  });

  it('rejects malformed values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('NODE_ENV=production npm start with nothing set exits non-zero with the exact message', () => {
    const env = { ...process.env, NODE_ENV: 'production' } as Record<string, string | undefined>;
    for (const name of ['APP_URL', 'SESSION_SECRET', 'SMTP_URL', 'MAIL_FROM', 'DATABASE_URL']) {
      delete env[name];
    }
    const result = spawnSync(process.execPath, ['server/main.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toBe(
      'Missing required environment variables: APP_URL, SESSION_SECRET, SMTP_URL, MAIL_FROM',
    );
  });

  it('NODE_ENV=production with RATE_LIMIT_SCALE set exits 1 with the message, before listening', () => {
    const env = { ...process.env, ...PRODUCTION, RATE_LIMIT_SCALE: '1000000', PORT: '0' } as Record<
      string,
      string | undefined
    >;
    delete env.DATABASE_URL;
    // Were the guard missing, the server would start: keep its database out of the work tree.
    env.SQLITE_PATH = path.join(os.tmpdir(), `refstash-guard-${process.pid}.db`);
    const result = spawnSync(process.execPath, ['server/main.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'RATE_LIMIT_SCALE must be 1 in production (it multiplies every abuse limit)',
    );
  });
});
