import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
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
