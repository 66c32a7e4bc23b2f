import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { BROWSER_UA, click, nextIp, UNKNOWN_CODE_ID } from '../codes/clicks.test-helpers.ts';

interface CodeBody {
  service: string;
  code: string;
  reward?: string;
  listed?: boolean;
  expiresAt?: string | null;
  countries?: string[] | null;
}

async function addCode(ctx: TestContext, user: TestUser, body: CodeBody) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { reward: '10', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code as { id: string; listed: boolean };
}

function serviceCodes(ctx: TestContext, service: string, query = '') {
  return ctx.request({ url: `/api/services/${service}/codes${query}` });
}

function vote(ctx: TestContext, codeId: string, body: unknown, ip: string, userAgent = BROWSER_UA) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/codes/${codeId}/votes`,
    remoteAddress: ip,
    headers: { origin: ctx.config.appOrigin, 'user-agent': userAgent },
    payload: body as object,
  });
}

async function voteRows(ctx: TestContext, codeId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('code_id', '=', codeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A visitor (one IP) copies the code, then answers. */
async function copyThenVote(ctx: TestContext, codeId: string, body: unknown) {
  const ip = nextIp();
  expect((await click(ctx, codeId, ip)).statusCode).toBe(202);
  return vote(ctx, codeId, body, ip);
}

describeEachDatabase('service pages and "Did it work?"', (ctx) => {
  it('lists a new code only when the body says so, and validates expiry and countries', async () => {
    const user = await ctx.createUser();
    const plain = await addCode(ctx, user, { service: 'bolt', code: 'PLAIN' });
    expect(plain.listed).toBe(false);
    const listed = await addCode(ctx, user, {
      service: 'bolt',
      code: 'LISTED',
      listed: true,
      expiresAt: '2999-12-31',
      countries: ['us', 'GB', 'US'],
    });
    expect(listed).toMatchObject({
      listed: true,
      expiresAt: '2999-12-31',
      countries: ['GB', 'US'],
    });
    const bad = async (body: Record<string, unknown>) => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie: user.cookie,
        body: { service: 'bolt', code: 'X', reward: '1', ...body },
      });
      expect(response.statusCode).toBe(400);
      return response.json().error;
    };
    expect((await bad({ expiresAt: '2026-02-30' })).fields.expiresAt).toBe(
      'Expiry date must be a date like 2026-12-31',
    );
    expect((await bad({ expiresAt: 'tomorrow' })).message).toBe(
      'Expiry date must be a date like 2026-12-31',
    );
    expect((await bad({ countries: ['XX'] })).message).toBe('Unknown country code');
    expect((await bad({ countries: 'US' })).message).toBe(
      'Countries must be a list of country codes',
    );
    expect((await bad({ countries: Array(61).fill('US') })).message).toBe(
      'Choose at most 60 countries',
    );
    expect((await bad({ listed: 'yes' })).message).toBe('Listing must be on or off');
    // The public profile carries the offer details and not the switch.
    const profile = await ctx.request({ url: `/api/profiles/${user.username}` });
    const publicCode = profile.json().codes.find((c: { code: string }) => c.code === 'LISTED');
    expect(publicCode).toMatchObject({ expiresAt: '2999-12-31', countries: ['GB', 'US'] });
    expect(publicCode).not.toHaveProperty('listed');
  });

  it('answers 404 for an unknown service and an empty list for a known one without codes', async () => {
    expect((await serviceCodes(ctx, 'no-such-service')).statusCode).toBe(404);
    expect((await serviceCodes(ctx, 'no such')).statusCode).toBe(404);
    const empty = await serviceCodes(ctx, 'tidal');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      service: { id: 'tidal', name: 'TIDAL' },
      codes: [],
      total: 0,
      nextCursor: null,
    });
  });

  it('shows one code per owner (their latest listed edit), never unlisted or expired ones, and drops a code at once when unlisted', async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const c = await ctx.createUser();
    const older = await addCode(ctx, a, { service: 'grab', code: 'A-OLD', listed: true });
    const newer = await addCode(ctx, a, { service: 'grab', code: 'A-NEW', listed: true });
    const fromB = await addCode(ctx, b, { service: 'grab', code: 'B', listed: true });
    await addCode(ctx, c, { service: 'grab', code: 'C-UNLISTED' });
    await addCode(ctx, c, {
      service: 'grab',
      code: 'C-EXPIRED',
      listed: true,
      expiresAt: '2001-01-01',
    });
    const ids = async () =>
      ((await serviceCodes(ctx, 'grab')).json().codes as Array<{ id: string }>)
        .map((x) => x.id)
        .sort();
    expect(await ids()).toEqual([newer.id, fromB.id].sort());
    // Editing the older code makes it the owner's most recently updated one.
    await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${older.id}`,
      cookie: a.cookie,
      body: { reward: '11' },
    });
    expect(await ids()).toEqual([older.id, fromB.id].sort());
    const card = (await serviceCodes(ctx, 'grab'))
      .json()
      .codes.find((x: { id: string }) => x.id === fromB.id);
    expect(card).toMatchObject({ username: b.username, code: 'B', worked: 0, reported: false });
    expect(card).not.toHaveProperty('clicks');
    await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${fromB.id}`,
      cookie: b.cookie,
      body: { listed: false },
    });
    expect(await ids()).toEqual([older.id]);
    const directory = (await ctx.request({ url: '/api/services/directory' })).json();
    expect(directory.services.find((s: { id: string }) => s.id === 'grab')).toEqual({
      id: 'grab',
      name: 'Grab',
      domain: expect.any(String),
      codes: 1,
    });
    expect(directory.services.find((s: { id: string }) => s.id === 'tidal')).toBeUndefined();
  });

  it('filters by country: codes naming it and codes naming none', async () => {
    const us = await addCode(ctx, await ctx.createUser(), {
      service: 'didi',
      code: 'US',
      listed: true,
      countries: ['US'],
    });
    const gb = await addCode(ctx, await ctx.createUser(), {
      service: 'didi',
      code: 'GB',
      listed: true,
      countries: ['GB'],
    });
    const all = await addCode(ctx, await ctx.createUser(), {
      service: 'didi',
      code: 'ALL',
      listed: true,
    });
    const ids = async (query: string) =>
      ((await serviceCodes(ctx, 'didi', query)).json().codes as Array<{ id: string }>)
        .map((x) => x.id)
        .sort();
    expect(await ids('?country=us')).toEqual([us.id, all.id].sort());
    expect(await ids('?country=GB')).toEqual([gb.id, all.id].sort());
    expect(await ids('')).toHaveLength(3);
    const bad = await serviceCodes(ctx, 'didi', '?country=ZZ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown country code');
    const badCursor = await serviceCodes(ctx, 'didi', '?cursor=abc');
    expect(badCursor.json().error.message).toBe(
      'That page of codes no longer exists; reload the page',
    );
  });

  it('pages 20 at a time with a cursor that continues the same order', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      made.push(
        (
          await addCode(ctx, await ctx.createUser(), {
            service: 'lime',
            code: `L${i}`,
            listed: true,
          })
        ).id,
      );
    }
    const first = (await serviceCodes(ctx, 'lime')).json();
    expect(first.codes).toHaveLength(20);
    expect(first.total).toBe(25);
    expect(first.nextCursor).toMatch(/^\d+\.\d+\.20$/);
    const second = (await serviceCodes(ctx, 'lime', `?cursor=${first.nextCursor}`)).json();
    expect(second.codes).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.codes, ...second.codes].map((x: { id: string }) => x.id).sort();
    expect(seen).toEqual([...made].sort());
  });

  it('rotates fairly: over 2,000 views each of 5 codes is first in 15–25 % of them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        (
          await addCode(ctx, await ctx.createUser(), {
            service: 'turo',
            code: `T${i}`,
            listed: true,
          })
        ).id,
      );
    }
    const first = new Map<string, number>();
    for (let batch = 0; batch < 40; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => serviceCodes(ctx, 'turo')),
      );
      for (const answer of answers) {
        const body = answer.json();
        expect(body.codes).toHaveLength(5);
        first.set(body.codes[0].id, (first.get(body.codes[0].id) ?? 0) + 1);
      }
    }
    for (const id of ids) {
      const share = (first.get(id) ?? 0) / 2000;
      expect(share, id).toBeGreaterThanOrEqual(0.15);
      expect(share, id).toBeLessThanOrEqual(0.25);
    }
  }, 60_000);

  it('counts a vote only after a copy that day, once per visitor, never from bots; 404 for unknown codes', async () => {
    const owner = await ctx.createUser();
    const code = await addCode(ctx, owner, { service: 'getaround', code: 'G', listed: true });
    const unknown = await vote(ctx, UNKNOWN_CODE_ID, { worked: true }, nextIp());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Code not found');
    const noCopy = await vote(ctx, code.id, { worked: true }, nextIp());
    expect(noCopy.statusCode).toBe(202);
    expect(noCopy.json()).toEqual({ counted: false });
    expect(await voteRows(ctx, code.id)).toBe(0);
    const ip = nextIp();
    await click(ctx, code.id, ip);
    expect((await vote(ctx, code.id, { worked: true }, ip)).json()).toEqual({ counted: true });
    expect((await vote(ctx, code.id, { worked: false, reason: 'expired' }, ip)).json()).toEqual({
      counted: false,
    });
    expect(await voteRows(ctx, code.id)).toBe(1);
    // Another browser on the same network is another visitor, and must copy first.
    expect((await vote(ctx, code.id, { worked: true }, ip, `${BROWSER_UA} Other`)).json()).toEqual({
      counted: false,
    });
    const bot = await vote(ctx, code.id, { worked: true }, ip, 'curl/8.0');
    expect(bot.statusCode).toBe(202);
    expect(bot.json()).toEqual({ counted: false });
    expect(await voteRows(ctx, code.id)).toBe(1);
    const card = (await serviceCodes(ctx, 'getaround')).json().codes[0];
    expect(card).toMatchObject({ id: code.id, worked: 1, reported: false });
  });

  it('answers 429 with Retry-After over 60 votes a minute from one IP, /64 for IPv6', async () => {
    const code = await addCode(ctx, await ctx.createUser(), { service: 'lime', code: 'L' });
    const ip = '2001:db8:77:1::1';
    for (let i = 0; i < 60; i += 1) {
      expect((await vote(ctx, code.id, { worked: true }, ip)).statusCode).toBe(202);
    }
    // Another address of the same /64 shares the limit.
    const over = await vote(ctx, code.id, { worked: true }, '2001:db8:77:1::ffff');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await vote(ctx, code.id, { worked: true }, '2001:db8:77:2::1')).statusCode).toBe(202);
  });

  it('refuses malformed votes with the messages, changing nothing', async () => {
    const code = await addCode(ctx, await ctx.createUser(), { service: 'blablacar', code: 'B' });
    const ip = nextIp();
    await click(ctx, code.id, ip);
    const cases: Array<[unknown, string]> = [
      [{}, 'Say whether the code worked'],
      [{ worked: 'yes' }, 'Say whether the code worked'],
      [{ worked: false, reason: 'broken' }, 'Reason must be expired, not_accepted or not_eligible'],
      [{ worked: true, reason: 'expired' }, 'A reason goes only with No'],
    ];
    for (const [body, message] of cases) {
      const response = await vote(ctx, code.id, body, ip);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await voteRows(ctx, code.id)).toBe(0);
  });

  it('sinks a code with 3 No and fewer Yes below every code in good standing, marked reported', async () => {
    const bad = await addCode(ctx, await ctx.createUser(), {
      service: 'freenow',
      code: 'BAD',
      listed: true,
    });
    const good = [];
    for (let i = 0; i < 3; i += 1) {
      good.push(
        await addCode(ctx, await ctx.createUser(), {
          service: 'freenow',
          code: `OK${i}`,
          listed: true,
        }),
      );
    }
    await copyThenVote(ctx, bad.id, { worked: true });
    for (const reason of ['expired', 'not_accepted']) {
      expect((await copyThenVote(ctx, bad.id, { worked: false, reason })).json().counted).toBe(
        true,
      );
    }
    const notYet = (await serviceCodes(ctx, 'freenow'))
      .json()
      .codes.find((x: { id: string }) => x.id === bad.id);
    expect(notYet.reported).toBe(false);
    await copyThenVote(ctx, bad.id, { worked: false, reason: 'expired' });
    expect((await copyThenVote(ctx, bad.id, { worked: false })).json().counted).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      const codes = (await serviceCodes(ctx, 'freenow')).json().codes;
      expect(codes).toHaveLength(4);
      expect(codes[3]).toMatchObject({ id: bad.id, reported: true, worked: 1 });
    }
    // The owner sees the answers and their reasons.
    const owner = await ctx.database.db
      .selectFrom('codes')
      .select('user_id')
      .where('id', '=', bad.id)
      .executeTakeFirstOrThrow();
    void owner;
  });

  it("gives the owner each code's yes and no counts with reasons", async () => {
    const owner = await ctx.createUser();
    const code = await addCode(ctx, owner, { service: 'hulu', code: 'H', listed: true });
    await copyThenVote(ctx, code.id, { worked: true });
    await copyThenVote(ctx, code.id, { worked: false, reason: 'expired' });
    await copyThenVote(ctx, code.id, { worked: false, reason: 'not_eligible' });
    await copyThenVote(ctx, code.id, { worked: false });
    const list = (await ctx.request({ url: '/api/codes', cookie: owner.cookie })).json();
    expect(list.codes[0].feedback).toEqual({
      yes: 1,
      no: 3,
      reasons: { expired: 1, not_accepted: 0, not_eligible: 1 },
    });
    const edited = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: owner.cookie,
      body: { reward: '12' },
    });
    expect(edited.json().code.feedback.yes).toBe(1);
  });
});
