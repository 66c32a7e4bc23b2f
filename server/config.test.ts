import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '..');

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
});
