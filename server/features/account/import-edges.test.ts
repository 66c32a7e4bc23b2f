import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';

const file = (text: string, fileName: string) => ({
  fileName,
  content: Buffer.from(text).toString('base64'),
});

// Issue 22: two import and export edges.
describeEachDatabase('import and export edges', (ctx) => {
  it('round-trips a code that already starts with an apostrophe, formula-like or not', async () => {
    const owner = await ctx.createUser();
    const codes = ["'=SUM(A1)", "'plain", "''", '=RIDE', "'+1"];
    for (const code of codes) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie: owner.cookie,
        body: { service: 'uber', code, reward: '1' },
      });
      expect(response.statusCode).toBe(201);
    }
    const csv = (await ctx.request({ url: '/api/me/export/codes.csv', cookie: owner.cookie })).body;
    // A code starting with an apostrophe gets one more in front, like a formula-like one.
    expect(csv).toContain("\r\nuber,,''=SUM(A1),1,");
    expect(csv).toContain("\r\nuber,,''plain,1,");
    expect(csv).toContain("\r\nuber,,'=RIDE,1,");

    const user = await ctx.createUser();
    const done = await ctx.request({
      method: 'POST',
      url: '/api/me/import',
      cookie: user.cookie,
      body: file(csv, 'codes.csv'),
    });
    expect(done.statusCode).toBe(200);
    const imported = (await ctx.request({ url: '/api/codes', cookie: user.cookie })).json().codes;
    expect(imported.map((c: { code: string }) => c.code).sort()).toEqual([...codes].sort());
  });

  it.each([
    ['code', { service: 'uber', code: 12345, reward: '1' }, 'Referral code must be text'],
    ['reward', { service: 'uber', code: 'X1', reward: 5 }, 'Reward description must be text'],
    ['service', { service: 7, code: 'X1', reward: '1' }, 'Service name must be text'],
    ['code (left out)', { service: 'uber', reward: '1' }, 'Referral code is required'],
    ['code (null)', { service: 'uber', code: null, reward: '1' }, 'Referral code is required'],
  ])('names the real problem of a JSON row whose %s is not text', async (_name, row, message) => {
    const user = await ctx.createUser();
    const preview = await ctx.request({
      method: 'POST',
      url: '/api/me/import/preview',
      cookie: user.cookie,
      body: file(JSON.stringify({ codes: [row] }), 'refstash.json'),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ add: [], refused: [{ row: 1, messages: [message] }] });
  });
});
