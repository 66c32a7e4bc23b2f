import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { createToken, withToken } from './api-tokens.test-helpers.ts';

// At a scale of 0.05 the code-write limit (60 a minute) is 3, and a token's requests (300 a
// minute) are 15.
describeEachDatabase(
  'API token rate limits',
  (ctx) => {
    it('counts writes per token: one token at its limit leaves another and the browser alone', async () => {
      const user = await ctx.createUser();
      const a = await createToken(ctx, user, ['codes:write']);
      const b = await createToken(ctx, user, ['codes:write']);
      const write = (secret: string, code: string) =>
        withToken(ctx, secret, {
          method: 'POST',
          url: '/api/codes',
          body: { service: 'uber', code, reward: '1' },
        });
      for (let i = 0; i < 3; i += 1) expect((await write(a.secret, `A${i}`)).statusCode).toBe(201);
      const limited = await write(a.secret, 'A3');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await write(b.secret, 'B0')).statusCode).toBe(201);
      const browser = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie: user.cookie,
        body: { service: 'uber', code: 'WEB0', reward: '1' },
      });
      expect(browser.statusCode).toBe(201);
    });

    it("limits all of one token's requests, reads included", async () => {
      const user = await ctx.createUser();
      const { secret } = await createToken(ctx, user, ['codes:read']);
      for (let i = 0; i < 15; i += 1) {
        expect((await withToken(ctx, secret, { url: '/api/codes' })).statusCode).toBe(200);
      }
      expect((await withToken(ctx, secret, { url: '/api/codes' })).statusCode).toBe(429);
      const other = await createToken(ctx, user, ['codes:read']);
      expect((await withToken(ctx, other.secret, { url: '/api/codes' })).statusCode).toBe(200);
    });
  },
  { env: { RATE_LIMIT_SCALE: '0.05' } },
);

describeEachDatabase(
  'API tokens in the log',
  (ctx) => {
    it('never logs a token, whether it is accepted or refused', async () => {
      const user = await ctx.createUser();
      const { secret } = await createToken(ctx, user, ['codes:read']);
      expect((await withToken(ctx, secret, { url: '/api/codes' })).statusCode).toBe(200);
      expect((await withToken(ctx, secret, { url: '/api/me/tokens' })).statusCode).toBe(403);
      expect((await withToken(ctx, `${secret}x`, { url: '/api/codes' })).statusCode).toBe(401);
      const lines = JSON.stringify(ctx.logLines());
      expect(lines.length).toBeGreaterThan(100);
      expect(lines).not.toContain(secret.slice(3));
    });
  },
  { env: { LOG_LEVEL: 'debug' }, captureLogs: true },
);
