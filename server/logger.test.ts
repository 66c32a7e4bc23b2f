import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loggerOptions, writeAccessLine } from './logger.ts';
import { formatMessage } from './pretty-log.ts';
import { createTestDatabase, type TestDatabase, testConfig } from './test-support/test-app.ts';

describe('request logging', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function logsOf(
    requests: Array<{ url: string; headers?: Record<string, string> }>,
  ): Promise<Array<Record<string, unknown>>> {
    const lines: string[] = [];
    const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
      database: t.database,
      logStream: { write: (line) => lines.push(line) },
    });
    for (const request of requests) await app.inject(request);
    await app.close();
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('writes one line per request, with its request id, method, url, status and time', async () => {
    const entries = (await logsOf([{ url: '/healthz' }, { url: '/api/nope' }])).filter(
      (entry) => entry.msg === 'request completed',
    );
    expect(entries).toHaveLength(2);
    const [health, missing] = entries;
    expect(health).toMatchObject({
      req: { method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
    });
    expect(missing).toMatchObject({ req: { url: '/api/nope' }, res: { statusCode: 404 } });
    expect(health?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof health?.responseTime).toBe('number');
  });

  it('never logs a sign-in token or a cookie', async () => {
    const token = 'TOKENtokenTOKEN1234567890abcdefghijklmnopqr';
    const cookie = 'refstash_session=COOKIEcookieCOOKIE0987654321';
    const entries = await logsOf([
      { url: `/finishSignUp?token=${token}`, headers: { cookie } },
      { url: `/api/me?token=${token}`, headers: { cookie, authorization: 'Bearer x' } },
    ]);
    const text = JSON.stringify(entries);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(token);
    expect(text).not.toContain('COOKIEcookieCOOKIE');
    expect(text).toContain('token=[redacted]');
  });

  it("writes the access line as pino writes it: the same keys, in pino's order (decision 117)", async () => {
    const lines: string[] = [];
    const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
      database: t.database,
      logStream: { write: (line) => lines.push(line) },
    });
    const id = '0193b0c4-7d2a-7b3c-8d4e-5f60718293a4';
    writeAccessLine(app.log, id, 'GET', '/x?token=abc&y=1', 304, 0.25);
    app.log.child({ reqId: id }).info(
      {
        req: { method: 'GET', url: '/x?token=abc&y=1' },
        res: { statusCode: 304 },
        responseTime: 0.25,
      },
      'request completed',
    );
    await app.close();
    const [ours, pinos] = lines
      .slice(-2)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(ours?.req).toEqual({ method: 'GET', url: '/x?token=[redacted]&y=1' });
    expect(lines.at(-2)?.endsWith('\n')).toBe(true);
  });

  it('masks a token or a secret carried by a logged error, cause or config', async () => {
    const lines: string[] = [];
    const config = testConfig({ LOG_LEVEL: 'info', SMTP_URL: 'smtp://user:SMTPpass@mail.test' });
    const app = await buildApp(config, {
      database: t.database,
      logStream: { write: (line) => lines.push(line) },
    });
    const err = Object.assign(new Error('mail failed'), { token: 'ERRtokenSECRET' });
    app.log.error({ err }, 'failed');
    app.log.error({ cause: { token: 'CAUSEtokenSECRET' } }, 'failed');
    app.log.info({ config }, 'config');
    await app.close();
    const text = lines.join('');
    expect(text).toContain('mail failed');
    for (const secret of ['ERRtokenSECRET', 'CAUSEtokenSECRET', 'SMTPpass', config.sessionSecret]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("access lines to pino's destination (decision 119)", () => {
  it('writes each line through the destination as it comes, in order, masked, all on disk at a flush', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refstash-access-'));
    const file = path.join(dir, 'access.log');
    const destination = pino.destination({ dest: file, sync: false });
    await once(destination, 'ready');
    const log = pino({}, destination) as unknown as FastifyBaseLogger;
    const writes: string[] = [];
    const write = destination.write.bind(destination);
    destination.write = (text: string) => {
      writes.push(text);
      return write(text);
    };
    writeAccessLine(log, 'a', 'GET', '/one', 200, 1);
    writeAccessLine(log, 'b', 'GET', '/two?token=secret&y=1', 200, 1.5);
    writeAccessLine(log, 'c', 'HEAD', '/three', 304, 2);
    // Handed to the destination at once, one line a write: never held back and joined into one
    // large string (that cost ~150 MiB of resident memory under load; decision 119).
    expect(writes).toHaveLength(3);
    expect(writes.every((text) => text.split('\n').length === 2)).toBe(true);
    destination.flushSync();
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId: string; req: { url: string }; msg: string });
    expect(lines.map((line) => line.reqId)).toEqual(['a', 'b', 'c']);
    expect(lines[1]!.req.url).toBe('/two?token=[redacted]&y=1');
    expect(lines[0]!.msg).toBe('request completed');
    destination.end();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('log format', () => {
  const production = loadConfig({
    NODE_ENV: 'production',
    APP_URL: 'https://refstash.example',
    SESSION_SECRET: 's',
    SMTP_URL: 'smtp://mail:25',
    MAIL_FROM: 'a@b.c',
  });

  it('pretty-prints to stdout in development, through pino-pretty', () => {
    const options = loggerOptions(loadConfig({ NODE_ENV: 'development' }));
    expect(options.transport?.target).toMatch(/[/\\]server[/\\]pretty-log\.ts$/);
    expect(readFileSync(new URL('./pretty-log.ts', import.meta.url), 'utf8')).toContain(
      "from 'pino-pretty'",
    );
  });

  it('reads an access line as method, url, status and time', () => {
    const line = {
      msg: 'request completed',
      req: { method: 'POST', url: '/api/codes' },
      res: { statusCode: 201 },
      responseTime: 4.2371,
    };
    expect(formatMessage(line, 'msg')).toBe('POST /api/codes 201 4.2 ms');
    expect(formatMessage({ ...line, msg: 'request errored' }, 'msg')).toBe(
      'POST /api/codes 201 4.2 ms request errored',
    );
    expect(formatMessage({ msg: 'Server listening' }, 'msg')).toBe('Server listening');
  });

  it('writes JSON lines in production and in tests: no transport, pino-pretty never loaded', () => {
    expect(loggerOptions(production).transport).toBeUndefined();
    expect(loggerOptions(testConfig()).transport).toBeUndefined();
  });

  it('writes JSON lines to a given stream, even in development', () => {
    const stream = { write() {} };
    const options = loggerOptions(loadConfig({ NODE_ENV: 'development' }), stream);
    expect(options.transport).toBeUndefined();
    expect(options.stream).toBe(stream);
  });

  it('keeps the redaction in every mode', () => {
    for (const config of [production, loadConfig({ NODE_ENV: 'development' })]) {
      expect(loggerOptions(config).redact).toMatchObject({
        paths: expect.arrayContaining(['req.headers.cookie', 'config.sessionSecret']),
      });
    }
  });
});
