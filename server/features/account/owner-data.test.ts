import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ownTables } from '../../test-support/all-tables.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { BROWSER_UA, click, nextIp } from '../codes/clicks.test-helpers.ts';

async function addCode(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body,
  });
  expect(response.statusCode).toBe(201);
  return response.json().code as { id: string };
}

const file = (text: string | Buffer, fileName = 'codes.csv') => ({
  fileName,
  content: Buffer.from(text).toString('base64'),
});

function post(ctx: TestContext, user: TestUser, url: string, body: unknown) {
  return ctx.request({ method: 'POST', url, cookie: user.cookie, body });
}

/** Row counts and a checksum of every table (found by introspection). */
async function checksums(ctx: TestContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await ownTables(ctx)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      ctx.database.db,
    );
    out[table] = rows.rows
      .map((r) => JSON.stringify(r))
      .sort()
      .join('\n');
  }
  delete out.kysely_migration;
  delete out.kysely_migration_lock;
  return out;
}

const HEADER = 'service,productName,code,reward,link\r\n';

describeEachDatabase('export, import and stats', (ctx) => {
  it('exports the account, every code with all its fields, and the daily stats', async () => {
    const user = await ctx.createUser();
    const code = await addCode(ctx, user, {
      service: 'uber',
      code: '=RIDE,"1"',
      reward: '10 off',
      productName: 'Rides',
      link: 'https://example.com/r',
    });
    expect((await click(ctx, code.id)).statusCode).toBe(202);
    const response = await ctx.request({ url: '/api/me/export', cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="refstash-/);
    const body = response.json();
    expect(body.account).toMatchObject({ email: user.email, username: user.username });
    expect(body.codes).toHaveLength(1);
    expect(body.codes[0]).toMatchObject({
      id: code.id,
      service: 'uber',
      code: '=RIDE,"1"',
      reward: '10 off',
      productName: 'Rides',
      link: 'https://example.com/r',
      clicks: 1,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(body.stats.codeDays).toEqual([
      { codeId: code.id, day: today, copies: 1, uniqueVisitors: 1 },
    ]);

    const csv = await ctx.request({ url: '/api/me/export/codes.csv', cookie: user.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // The formula guard and RFC 4180 quoting.
    expect(csv.body).toBe(
      `service,productName,code,reward,link,listed,expiresAt,countries\r\nuber,Rides,"'=RIDE,""1""",10 off,https://example.com/r,no,,\r\n`,
    );
  });

  it('imports its own CSV back: deleted codes return, the others are skipped as duplicates', async () => {
    const user = await ctx.createUser();
    const a = await addCode(ctx, user, { service: 'uber', code: '+A', reward: '1' });
    await addCode(ctx, user, { service: 'spotify', code: 'B', reward: '2' });
    const csv = (await ctx.request({ url: '/api/me/export/codes.csv', cookie: user.cookie })).body;
    await ctx.request({ method: 'DELETE', url: `/api/codes/${a.id}`, cookie: user.cookie });

    const preview = await post(ctx, user, '/api/me/import/preview', file(csv));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      add: [{ row: 2, service: 'uber', code: '+A', reward: '1' }],
      refused: [],
      skipped: [{ row: 1, code: 'B', message: 'Already in your codes' }],
      limitMessage: null,
    });
    const done = await post(ctx, user, '/api/me/import', file(csv));
    expect(done.statusCode).toBe(200);
    const codes = (await ctx.request({ url: '/api/codes', cookie: user.cookie })).json().codes;
    expect(codes.map((c: { code: string }) => c.code).sort()).toEqual(['+A', 'B']);
  });

  it('round-trips listing, expiry and countries; a row lists its code only when it says yes', async () => {
    const owner = await ctx.createUser();
    await addCode(ctx, owner, {
      service: 'uber',
      code: 'LISTED',
      reward: '5',
      listed: true,
      expiresAt: '2099-12-31',
      countries: ['US', 'FR'],
    });
    const csv = (await ctx.request({ url: '/api/me/export/codes.csv', cookie: owner.cookie })).body;
    expect(csv).toContain('uber,,LISTED,5,,yes,2099-12-31,FR US\r\n');
    const user = await ctx.createUser();
    const text = `${csv}lyft,,NOTSAID,3,,,,\r\nbolt,,MAYBE,3,,perhaps,,\r\n`;
    const preview = (await post(ctx, user, '/api/me/import/preview', file(text))).json();
    expect(preview.refused).toEqual([{ row: 3, message: 'Listing must be on or off' }]);
    expect(await post(ctx, user, '/api/me/import', file(text))).toMatchObject({ statusCode: 200 });
    const codes = (await ctx.request({ url: '/api/codes', cookie: user.cookie })).json().codes;
    const byCode = Object.fromEntries(codes.map((c: { code: string }) => [c.code, c]));
    expect(byCode.LISTED).toMatchObject({
      listed: true,
      expiresAt: '2099-12-31',
      countries: ['FR', 'US'],
    });
    expect(byCode.NOTSAID).toMatchObject({ listed: false, expiresAt: null, countries: null });
  });

  it("refuses rows with the code form's messages and row numbers; takes names and the JSON export", async () => {
    const user = await ctx.createUser();
    const text = `${HEADER}nosuch,,X,1,\r\nuber,,,5,\r\nUber,,OK,,\r\nUBER,,FINE,3,\r\nuber,,FINE,3,\r\n`;
    const preview = await post(ctx, user, '/api/me/import/preview', file(text));
    expect(preview.json()).toEqual({
      add: [
        {
          row: 4,
          service: 'uber',
          serviceName: 'Uber',
          code: 'FINE',
          reward: '3',
          productName: null,
          link: null,
          // A file without the listing column lists nothing (decision 080).
          listed: false,
          expiresAt: null,
          countries: null,
        },
      ],
      refused: [
        { row: 1, message: 'Please select a valid service from the list' },
        { row: 2, message: 'Referral code is required' },
        { row: 3, message: 'Reward description is required' },
      ],
      skipped: [
        {
          row: 5,
          service: 'Uber',
          code: 'FINE',
          message: 'Same service and code as an earlier row',
        },
      ],
      limitMessage: null,
    });
    const other = await ctx.createUser();
    await addCode(ctx, other, { service: 'airbnb', code: 'STAY', reward: '40' });
    const exported = (await ctx.request({ url: '/api/me/export', cookie: other.cookie })).body;
    const fromJson = await post(ctx, user, '/api/me/import', file(exported, 'export.json'));
    expect(fromJson.json().add).toMatchObject([{ row: 1, service: 'airbnb', code: 'STAY' }]);
  });

  it.each([
    [
      'not UTF-8',
      Buffer.from([0x73, 0x65, 0xff, 0xfe, 0x0a]),
      'The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.',
    ],
    [
      'wrong columns',
      'name,code\r\nuber,X\r\n',
      "The file's columns must be: service, productName, code, reward, link, listed, expiresAt, countries (the last three may be left out)",
    ],
    [
      'a short row',
      `${HEADER}uber,X\r\n`,
      "The file's columns must be: service, productName, code, reward, link, listed, expiresAt, countries (the last three may be left out)",
    ],
    ['broken quoting', `${HEADER}uber,,"X,1,\r\n`, 'The file is not valid CSV (check its quotes)'],
    ['broken JSON', '{"codes": [', 'The file is not a Refstash export (JSON with a list of codes)'],
    ['no rows', HEADER, 'The file has no codes'],
    ['501 rows', HEADER + 'uber,,X,1,\r\n'.repeat(501), 'The file has more than 500 rows'],
  ])(
    'gives a malformed file (%s) one clear message and no preview',
    async (_name, text, message) => {
      const user = await ctx.createUser();
      const response = await post(ctx, user, '/api/me/import/preview', file(text));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'import_unreadable', message });
    },
  );

  it('refuses a file over 1 MB', async () => {
    const user = await ctx.createUser();
    const big = HEADER + `uber,,X,${'r'.repeat(150)},\r\n`.repeat(7000);
    const response = await post(ctx, user, '/api/me/import/preview', file(big));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('The file is larger than 1 MB');
  });

  it('is all or nothing: past the 200-code cap, or a failure mid-way, nothing changes', async () => {
    const user = await ctx.createUser();
    await ctx.database.db
      .insertInto('codes')
      .values(
        Array.from({ length: 199 }, (_, i) => ({
          id: `0190c5b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
          user_id: user.id,
          service: 'uber',
          product_name: null,
          code: `C${i}`,
          reward: '1',
          link: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })),
      )
      .execute();
    const before = await checksums(ctx);
    const two = `${HEADER}uber,,N1,1,\r\nuber,,N2,1,\r\n`;
    const preview = await post(ctx, user, '/api/me/import/preview', file(two));
    expect(preview.json().limitMessage).toBe(
      'You can keep up to 200 codes. Delete one to add another.',
    );
    const refused = await post(ctx, user, '/api/me/import', file(two));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('code_limit_reached');
    expect(await checksums(ctx)).toEqual(before);

    // A failure on the third insert (a trigger made for this test) rolls back the first two.
    await ctx.database.db.deleteFrom('codes').where('user_id', '=', user.id).execute();
    const empty = await checksums(ctx);
    if (ctx.kind === 'sqlite') {
      await sql`create trigger boom before insert on codes when new.code = 'BOOM'
        begin select raise(abort, 'boom'); end`.execute(ctx.database.db);
    } else {
      await sql`create function boom() returns trigger language plpgsql as $$
        begin if new.code = 'BOOM' then raise exception 'boom'; end if; return new; end $$`.execute(
        ctx.database.db,
      );
      await sql`create trigger boom before insert on codes for each row execute function boom()`.execute(
        ctx.database.db,
      );
    }
    try {
      const failing = await post(
        ctx,
        user,
        '/api/me/import',
        file(`${HEADER}uber,,BOOM,1,\r\n${'uber,,OK1,1,\r\nuber,,OK2,1,\r\n'}`),
      );
      expect(failing.statusCode).toBe(500);
      expect(await checksums(ctx)).toEqual(empty);
    } finally {
      await sql`drop trigger boom${ctx.kind === 'postgres' ? sql` on codes` : sql``}`.execute(
        ctx.database.db,
      );
    }
  });

  it('counts profile views on the page (not bots, not a reload), and reports stats per UTC day', async () => {
    const user = await ctx.createUser();
    const a = await addCode(ctx, user, { service: 'uber', code: 'A', reward: '1' });
    const b = await addCode(ctx, user, { service: 'spotify', code: 'B', reward: '1' });
    const ip = nextIp();
    const view = (agent: string, from = ip) =>
      ctx.app.inject({
        url: `/${user.username}`,
        remoteAddress: from,
        headers: { 'user-agent': agent },
      });
    expect((await view(BROWSER_UA)).statusCode).toBe(200);
    // A reload within 30 minutes is the same view (decision 093); another browser is another.
    expect((await view(BROWSER_UA)).statusCode).toBe(200);
    await view(`${BROWSER_UA} Other`);
    await view(BROWSER_UA, nextIp());
    await view('Googlebot/2.1 (+http://www.google.com/bot.html)');
    await click(ctx, a.id, ip);
    await click(ctx, a.id, nextIp());
    await click(ctx, b.id, ip);
    const today = new Date().toISOString().slice(0, 10);
    // Views are written without holding the page: poll until the three are in.
    await expect
      .poll(async () =>
        (await ctx.request({ url: '/api/me/stats?days=7', cookie: user.cookie }))
          .json()
          .series.at(-1),
      )
      .toEqual({ day: today, views: 3, uniqueViews: 3, copies: 3, uniqueCopies: 3 });
    const stats = (await ctx.request({ url: '/api/me/stats?days=7', cookie: user.cookie })).json();
    expect(stats.series).toHaveLength(7);
    expect(stats.to).toBe(today);
    expect(stats.codes.map((c: { code: string; copies: number }) => [c.code, c.copies])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    expect(stats.code).toBeNull();
    const one = (
      await ctx.request({ url: `/api/me/stats?days=7&code=${a.id}`, cookie: user.cookie })
    ).json();
    expect(one.code.series.at(-1)).toEqual({
      day: today,
      views: 3,
      uniqueViews: 3,
      copies: 2,
      uniqueCopies: 2,
    });
    // Someone else's code gives no series.
    const other = await ctx.createUser();
    const theirs = (
      await ctx.request({ url: `/api/me/stats?days=7&code=${a.id}`, cookie: other.cookie })
    ).json();
    expect(theirs.code).toBeNull();
    const raw = await ctx.database.db.selectFrom('profile_views').selectAll().execute();
    expect(JSON.stringify(raw)).not.toContain(ip);
    expect(
      (await ctx.request({ url: '/api/me/stats?days=8', cookie: user.cookie })).statusCode,
    ).toBe(400);
  });

  it("counts each code's 'Did it work?' answers over the chosen days, and the profile's", async () => {
    const user = await ctx.createUser();
    const a = await addCode(ctx, user, { service: 'uber', code: 'A', reward: '1' });
    const b = await addCode(ctx, user, { service: 'spotify', code: 'B', reward: '1' });
    await addCode(ctx, user, { service: 'lyft', code: 'C', reward: '1' });
    // Votes through the real endpoint: each visitor copies the code first, then answers.
    const answer = async (codeId: string, body: Record<string, unknown>) => {
      const ip = nextIp();
      expect((await click(ctx, codeId, ip)).statusCode).toBe(202);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/codes/${codeId}/votes`,
        remoteAddress: ip,
        headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
        payload: body,
      });
      expect(response.json()).toEqual({ counted: true });
    };
    await answer(a.id, { worked: true });
    await answer(a.id, { worked: true });
    await answer(a.id, { worked: false, reason: 'expired' });
    await answer(b.id, { worked: false });
    // Another user's answers are not this owner's.
    const other = await ctx.createUser();
    const theirs = await addCode(ctx, other, { service: 'uber', code: 'X', reward: '1' });
    await answer(theirs.id, { worked: true });
    // An answer given 10 days ago (UTC) is in the 30-day period, not the 7-day one.
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await ctx.database.db
      .insertInto('votes')
      .values({
        code_id: b.id,
        network_hash: 'old-network',
        day: tenDaysAgo.toISOString().slice(0, 10),
        worked: 1,
        reason: null,
        created_at: tenDaysAgo.toISOString(),
      })
      .execute();
    const stats = async (days: number) =>
      (await ctx.request({ url: `/api/me/stats?days=${days}`, cookie: user.cookie })).json();
    const week = await stats(7);
    expect(
      week.codes.map((code: { code: string; answers: unknown }) => [code.code, code.answers]),
    ).toEqual([
      ['A', { yes: 2, no: 1 }],
      ['B', { yes: 0, no: 1 }],
      ['C', { yes: 0, no: 0 }],
    ]);
    expect(week.answers).toEqual({ yes: 2, no: 2 });
    const month = await stats(30);
    expect(month.codes.find((code: { id: string }) => code.id === b.id).answers).toEqual({
      yes: 1,
      no: 1,
    });
    expect(month.answers).toEqual({ yes: 3, no: 2 });
  });
});
