import { describe, expect, it, vi } from 'vitest';
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
    expect(response.json()).toEqual({ counted: true });
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
    expect(responses.filter((r) => r.json().counted === true)).toHaveLength(500);
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
    expect(response.json()).toEqual({ counted: false });
    const { clicks, events } = await counts(ctx, codeId);
    expect(clicks).toBe(0);
    expect(events).toHaveLength(0);
  });

  it('answers 429 with Retry-After over 60 requests a minute from one IP', async () => {
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push(await newCode(ctx));
    const codeId = codes[0]!;
    const ip = nextIp();
    // A new browser each time, spread over six codes so the network's 10 copies a code an hour
    // (decision 093) never refuse one: every one of the 60 is a new visitor and counts.
    for (let i = 0; i < 60; i += 1) {
      const answer = await click(ctx, codes[i % 6]!, ip, `${BROWSER_UA} #${i}`);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ counted: true });
    }
    const limited = await click(ctx, codeId, ip, `${BROWSER_UA} #60`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await counts(ctx, codeId)).clicks).toBe(10);
    // Another visitor is unaffected.
    expect((await click(ctx, codeId, nextIp())).statusCode).toBe(202);
  });

  it('counts a repeat copy by the same visitor once: 202 {counted: false}, nothing stored', async () => {
    const codeId = await newCode(ctx);
    const ip = nextIp();
    const first = await click(ctx, codeId, ip);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ counted: true });
    for (let i = 0; i < 3; i += 1) {
      const repeat = await click(ctx, codeId, ip);
      expect(repeat.statusCode).toBe(202);
      expect(repeat.json()).toEqual({ counted: false });
    }
    expect((await counts(ctx, codeId)).clicks).toBe(1);
    expect((await counts(ctx, codeId)).events).toHaveLength(1);
    // Another browser on the same address, or the same visitor on another code, is new.
    expect((await click(ctx, codeId, ip, `${BROWSER_UA} other`)).json()).toEqual({
      counted: true,
    });
    const otherCode = await newCode(ctx);
    expect((await click(ctx, otherCode, ip)).json()).toEqual({ counted: true });
    expect((await counts(ctx, codeId)).clicks).toBe(2);
  });

  it('counts a repeat again 30 minutes after the last counted copy, and after the UTC day boundary', async () => {
    const codeId = await newCode(ctx);
    const ip = nextIp();
    const at = async (iso: string) => {
      vi.setSystemTime(new Date(iso));
      const response = await click(ctx, codeId, ip);
      expect(response.statusCode, iso).toBe(202);
      return response.json().counted;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await at('2026-11-22T10:00:00.000Z')).toBe(true);
      expect(await at('2026-11-22T10:29:59.999Z')).toBe(false);
      expect(await at('2026-11-22T10:30:00.000Z')).toBe(true);
      // The window runs from the last counted copy; uncounted repeats do not extend it.
      expect(await at('2026-11-22T10:45:00.000Z')).toBe(false);
      expect(await at('2026-11-22T11:00:00.000Z')).toBe(true);
      // The visitor hash's salt rotates at 00:00 UTC: across midnight a repeat counts again.
      expect(await at('2026-11-22T23:50:00.000Z')).toBe(true);
      expect(await at('2026-11-23T00:05:00.000Z')).toBe(true);
      expect(await at('2026-11-23T00:06:00.000Z')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    const { clicks, events } = await counts(ctx, codeId);
    expect(clicks).toBe(5);
    expect(events).toHaveLength(5);
  });

  it('counts a burst of one visitor copying one code once, within one batch too', async () => {
    const codeId = await newCode(ctx);
    const ip = nextIp();
    const responses = await Promise.all(Array.from({ length: 20 }, () => click(ctx, codeId, ip)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    expect(responses.map((r) => r.json().counted).filter(Boolean)).toEqual([true]);
    const { clicks, events } = await counts(ctx, codeId);
    expect(clicks).toBe(1);
    expect(events).toHaveLength(1);
  });

  it('still answers 404 for an unknown code next to repeats of a known one', async () => {
    const codeId = await newCode(ctx);
    const ip = nextIp();
    expect((await click(ctx, codeId, ip)).json()).toEqual({ counted: true });
    const burst = await Promise.all([
      click(ctx, codeId, ip),
      click(ctx, UNKNOWN_CODE_ID, ip),
      click(ctx, codeId, ip),
      click(ctx, UNKNOWN_CODE_ID, ip),
      click(ctx, UNKNOWN_CODE_ID, nextIp()),
    ]);
    expect(burst.map((r) => r.statusCode)).toEqual([202, 404, 202, 404, 404]);
    expect(burst[0]?.json()).toEqual({ counted: false });
    expect(burst[2]?.json()).toEqual({ counted: false });
    expect((await click(ctx, UNKNOWN_CODE_ID, ip)).statusCode).toBe(404);
    expect((await counts(ctx, codeId)).clicks).toBe(1);
  });

  it('limits IPv6 clients per /64: two addresses of one /64 share the limit, another /64 does not', async () => {
    const codeId = await newCode(ctx);
    const sameNet = ['2001:db8:60:1::1', '2001:db8:60:1:ffff:ffff:ffff:fffe'];
    for (let i = 0; i < 60; i += 1) {
      const response = await click(ctx, codeId, sameNet[i % 2], `${BROWSER_UA} v6 #${i}`);
      expect(response.statusCode).toBe(202);
    }
    for (const ip of [...sameNet, '2001:db8:60:1:0:0:0:42']) {
      const limited = await click(ctx, codeId, ip, `${BROWSER_UA} v6 late`);
      expect(limited.statusCode, ip).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await click(ctx, codeId, '2001:db8:60:2::1')).statusCode).toBe(202);
    // An IPv4 client seen through an IPv6 socket is that IPv4 address, not one shared /64.
    for (let i = 0; i < 60; i += 1) {
      const response = await click(ctx, codeId, '::ffff:10.250.0.1', `${BROWSER_UA} v4 #${i}`);
      expect(response.statusCode).toBe(202);
    }
    expect((await click(ctx, codeId, '10.250.0.1', `${BROWSER_UA} v4 late`)).statusCode).toBe(429);
    expect((await click(ctx, codeId, '::ffff:10.250.0.2')).statusCode).toBe(202);
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
