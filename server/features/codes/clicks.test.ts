import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { dailySalt, isBotUserAgent, visitorHash } from './clicks.service.ts';
import {
  BROWSER_UA,
  click,
  counts,
  newCode,
  nextIp,
  UNKNOWN_CODE_ID,
} from './clicks.test-helpers.ts';

describeEachDatabase('POST /api/codes/:id/clicks', (ctx) => {
  it('records one event and adds exactly 1, for anyone (no session)', async () => {
    const codeId = await newCode(ctx);
    const ip = nextIp();
    const response = await click(ctx, codeId, ip);
    expect(response.statusCode).toBe(202);
    const { clicks, events } = await counts(ctx, codeId);
    expect(clicks).toBe(1);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(event?.visitor_hash).toBe(
      visitorHash(ctx.config.sessionSecret, new Date(event?.clicked_at ?? ''), ip, BROWSER_UA),
    );
  });

  it('never stores the raw IP', async () => {
    const codeId = await newCode(ctx);
    const ip = '203.0.113.77';
    await click(ctx, codeId, ip);
    const { events } = await counts(ctx, codeId);
    expect(JSON.stringify(events)).not.toContain(ip);
  });

  it('counts 500 concurrent clicks exactly: clicks == 500 and 500 events', async () => {
    const codeId = await newCode(ctx);
    const responses = await Promise.all(
      Array.from({ length: 500 }, () => click(ctx, codeId, nextIp())),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(500).fill(202));
    const { clicks, events } = await counts(ctx, codeId);
    expect(clicks).toBe(500);
    expect(events).toHaveLength(500);
  });

  it.each([
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'curl/8.5.0',
    '',
  ])('answers the bot user agent %j with 202 and counts nothing', async (userAgent) => {
    const codeId = await newCode(ctx);
    const response = await click(ctx, codeId, nextIp(), userAgent);
    expect(response.statusCode).toBe(202);
    const { clicks, events } = await counts(ctx, codeId);
    expect(clicks).toBe(0);
    expect(events).toHaveLength(0);
  });

  it('answers 429 with Retry-After over 60 requests a minute from one IP', async () => {
    const codeId = await newCode(ctx);
    const ip = nextIp();
    for (let i = 0; i < 60; i += 1) {
      expect((await click(ctx, codeId, ip)).statusCode).toBe(202);
    }
    const limited = await click(ctx, codeId, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await counts(ctx, codeId)).clicks).toBe(60);
    // Another visitor is unaffected.
    expect((await click(ctx, codeId, nextIp())).statusCode).toBe(202);
  });

  it('answers 404 for an unknown or malformed code and stores nothing', async () => {
    const unknown = await click(ctx, UNKNOWN_CODE_ID, nextIp());
    expect(unknown.statusCode).toBe(404);
    expect((await click(ctx, 'nope', nextIp())).statusCode).toBe(404);
    const all = await ctx.database.db
      .selectFrom('clicks')
      .select('id')
      .where('code_id', '=', UNKNOWN_CODE_ID)
      .execute();
    expect(all).toEqual([]);
  });

  it('refuses a cross-origin click', async () => {
    const codeId = await newCode(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/codes/${codeId}/clicks`,
      remoteAddress: nextIp(),
      headers: { origin: 'https://evil.example', 'user-agent': BROWSER_UA },
    });
    expect(response.statusCode).toBe(403);
    expect((await counts(ctx, codeId)).clicks).toBe(0);
  });
});

describe('visitor hash', () => {
  const secret = 'secret';
  const day = new Date('2026-11-22T10:00:00Z');

  it('is stable within a UTC day and rotates the next day', () => {
    const later = new Date('2026-11-22T23:59:59Z');
    const nextDay = new Date('2026-11-23T00:00:00Z');
    expect(visitorHash(secret, later, '1.2.3.4', 'ua')).toBe(
      visitorHash(secret, day, '1.2.3.4', 'ua'),
    );
    expect(visitorHash(secret, nextDay, '1.2.3.4', 'ua')).not.toBe(
      visitorHash(secret, day, '1.2.3.4', 'ua'),
    );
    expect(dailySalt(secret, nextDay)).not.toBe(dailySalt(secret, day));
  });

  it('depends on the IP, the user agent and the secret', () => {
    const base = visitorHash(secret, day, '1.2.3.4', 'ua');
    expect(visitorHash(secret, day, '1.2.3.5', 'ua')).not.toBe(base);
    expect(visitorHash(secret, day, '1.2.3.4', 'ua2')).not.toBe(base);
    expect(visitorHash('other', day, '1.2.3.4', 'ua')).not.toBe(base);
  });
});

describe('isBotUserAgent', () => {
  it('treats real browsers as people', () => {
    expect(isBotUserAgent(BROWSER_UA)).toBe(false);
    expect(
      isBotUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
  });
});
