import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { twentyCodeRows } from '../../test-support/twenty-codes.ts';

describeEachDatabase('the first response of a profile', (ctx) => {
  it('fits a 20-code profile into one TCP initial window (14 KB) when compressed', async () => {
    const user = await ctx.createUser({ username: 'twenty_codes' });
    await ctx.database.db.insertInto('codes').values(twentyCodeRows(user.id)).execute();
    for (const encoding of ['br', 'gzip']) {
      const response = await ctx.request({
        url: '/twenty_codes',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length, encoding).toBeLessThanOrEqual(14_000);
    }
  });

  it('still fits with every identity field at its longest (issue 26)', async () => {
    const user = await ctx.createUser({ username: 'twenty_ident' });
    await ctx.database.db.insertInto('codes').values(twentyCodeRows(user.id)).execute();
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/me/profile',
      cookie: user.cookie,
      body: {
        displayName: 'Alexandra Montgomery-Fitzwilliam of the Riverside',
        bio: 'Saving on rides, flats and groceries since 2019. Ask me about Revolut, Wise and the rest: I keep every code here up to date and answer questions fast!\nSay hi.',
        links: [
          'https://alexandra.example/about-me',
          'https://www.instagram.com/alexandra.montgomery',
          'https://x.com/alexandra_mf',
          'https://www.youtube.com/@alexandra-saves',
          'https://www.tiktok.com/@alexandra.saves',
        ],
        accent: 'teal',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const encoding of ['br', 'gzip']) {
      const page = await ctx.request({
        url: '/twenty_ident',
        headers: { 'accept-encoding': encoding },
      });
      expect(page.statusCode).toBe(200);
      const html = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(page.rawPayload);
      expect(html.toString()).toContain('Alexandra Montgomery');
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.rawPayload.length, encoding).toBeLessThanOrEqual(14_000);
    }
  });
});
