import { expect, it } from 'vitest';
import { describeEachDatabase, type TestUser } from '../../test-support/test-app.ts';
import { addCode, meta, parsePage } from '../pages/pages.test-helpers.ts';

/** The rendered pages follow moderation through their content keys (decision 095). */
describeEachDatabase('public pages of hidden codes and disabled accounts', (ctx) => {
  const act = (admin: TestUser, body: unknown) =>
    ctx.request({
      method: 'POST',
      url: '/api/admin/moderation-actions',
      cookie: admin.cookie,
      body,
    });

  it('a hidden code leaves the profile page, its own page, the service page and the share image', async () => {
    const admin = await ctx.createUser({ admin: true });
    const owner = await ctx.createUser({ username: 'pageowner' });
    const listed = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: owner.cookie,
      body: { service: 'uber', code: 'HIDDENCODE', reward: '5', listed: true },
    });
    const hidden = listed.json().code as { id: string };
    await addCode(ctx, owner, { service: 'lyft', code: 'SHOWNCODE', reward: '5' });
    const before = await ctx.request({ url: '/pageowner' });
    expect(before.body).toContain('HIDDENCODE');
    expect((await ctx.request({ url: `/pageowner/${hidden.id}` })).statusCode).toBe(200);
    expect((await ctx.request({ url: '/s/uber' })).body).toContain('HIDDENCODE');
    const imageBefore = meta(parsePage(before), 'og:image');

    const response = await act(admin, {
      action: 'hide_code',
      target: { type: 'code', codeId: hidden.id },
      reason: 'Spam',
    });
    expect(response.statusCode).toBe(200);

    const after = await ctx.request({
      url: '/pageowner',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('HIDDENCODE');
    expect(after.body).toContain('SHOWNCODE');
    expect(meta(parsePage(after), 'og:image')).not.toBe(imageBefore);
    const codePage = await ctx.request({ url: `/pageowner/${hidden.id}` });
    expect(codePage.statusCode).toBe(404);
    expect(parsePage(codePage).querySelector('h1')?.textContent).toBe('Page not found');
    expect((await ctx.request({ url: '/s/uber' })).body).not.toContain('HIDDENCODE');
  });

  it("a disabled account's profile and code pages answer 404 'Profile not found', and it leaves the sitemap", async () => {
    const admin = await ctx.createUser({ admin: true });
    const owner = await ctx.createUser({ username: 'gonepage' });
    const code = await addCode(ctx, owner, { service: 'uber', code: 'GONE', reward: '5' });
    expect((await ctx.request({ url: '/sitemap.xml' })).body).toContain('/gonepage<');
    const response = await act(admin, {
      action: 'disable_account',
      target: { type: 'account', username: 'gonepage' },
      reason: 'Spam',
    });
    expect(response.statusCode).toBe(200);
    for (const url of ['/gonepage', `/gonepage/${code.id}`]) {
      const page = await ctx.request({ url });
      expect(page.statusCode, url).toBe(404);
      expect(parsePage(page).querySelector('h1')?.textContent, url).toBe('Profile not found');
    }
    expect((await ctx.request({ url: '/sitemap.xml' })).body).not.toContain('/gonepage<');
  });
});
