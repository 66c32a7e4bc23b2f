import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { addCode, meta, parsePage, pngSize } from '../pages/pages.test-helpers.ts';
import { jpegWithGps } from './avatar-fixtures.ts';

async function setIdentity(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  const response = await ctx.request({
    method: 'PUT',
    url: '/api/me/profile',
    cookie: user.cookie,
    body: { displayName: '', bio: '', links: [], accent: 'indigo', ...body },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function uploadAvatar(ctx: TestContext, user: TestUser) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { origin: ctx.config.appOrigin, cookie: user.cookie, 'content-type': 'image/jpeg' },
    payload: await jpegWithGps(),
  });
  expect(response.statusCode).toBe(200);
  return response.json().avatar as { url128: string; url512: string };
}

const jsonLdOf = (document: Document) =>
  JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null');

describeEachDatabase('profile identity on the public pages', (ctx) => {
  it('titles the page with the display name and keeps the old title without one', async () => {
    const user = await ctx.createUser({ username: 'alice' });
    const before = parsePage(await ctx.request({ url: '/alice' }));
    expect(before.title).toBe("@alice's referral codes · Refstash");
    await setIdentity(ctx, user, { displayName: 'Alice Martin' });
    const after = parsePage(await ctx.request({ url: '/alice' }));
    expect(after.title).toBe('Alice Martin (@alice) · referral codes');
    expect(meta(after, 'og:title')).toBe('Alice Martin (@alice) · referral codes');
    // og:image stays the share image.
    expect(meta(after, 'og:image')).toContain('/api/share-images/profiles/alice?v=');
  });

  it('has a ProfilePage JSON-LD with the Person: name, @username, avatar and links', async () => {
    const user = await ctx.createUser({ username: 'ldperson' });
    const avatar = await uploadAvatar(ctx, user);
    await setIdentity(ctx, user, {
      displayName: 'Lee Dee',
      links: ['https://lee.example', 'https://x.com/lee'],
    });
    const data = jsonLdOf(parsePage(await ctx.request({ url: '/ldperson' })));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      mainEntity: {
        '@type': 'Person',
        name: 'Lee Dee',
        alternateName: '@ldperson',
        image: `${ctx.config.appUrl}${avatar.url512}`,
        sameAs: ['https://lee.example', 'https://x.com/lee'],
      },
    });
  });

  it('escapes a display name that tries to close the script or the attribute', async () => {
    const user = await ctx.createUser({ username: 'escaper' });
    const name = `A "q" '</script><script>alert(1)</script>`;
    await setIdentity(ctx, user, {
      displayName: name,
      bio: '</script><img src=x onerror=alert(1)>',
    });
    const response = await ctx.request({ url: '/escaper' });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<img src=x');
    const page = parsePage(response);
    expect(page.title).toBe(`${name} (@escaper) · referral codes`);
    expect(meta(page, 'og:title')).toBe(`${name} (@escaper) · referral codes`);
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    const ld = head.slice(head.indexOf('application/ld+json'));
    expect(ld).toContain('\\u003c/script>');
    expect(jsonLdOf(page).mainEntity.name).toBe(name);
    // Only the app's own scripts: none came from the name.
    const types = [...page.querySelectorAll('script')].map((el) => el.getAttribute('type'));
    expect(types).toEqual(['application/ld+json', 'module', 'application/json']);
  });

  it('puts the identity in GET /api/profiles/:username and drops the cached answer on an edit', async () => {
    const user = await ctx.createUser({ username: 'cachedid' });
    const first = (await ctx.request({ url: '/api/profiles/cachedid' })).json();
    expect(first.identity).toEqual({
      displayName: null,
      bio: null,
      avatar: null,
      links: [],
      accent: 'indigo',
    });
    const page = (await ctx.request({ url: '/cachedid' })).body;
    await setIdentity(ctx, user, {
      displayName: 'Cached Name',
      bio: 'Line one\nLine two',
      accent: 'green',
    });
    const second = (await ctx.request({ url: '/api/profiles/cachedid' })).json();
    expect(second.identity).toMatchObject({
      displayName: 'Cached Name',
      bio: 'Line one\nLine two',
      accent: 'green',
    });
    const again = (await ctx.request({ url: '/cachedid' })).body;
    expect(again).not.toBe(page);
    expect(again).toContain('Cached Name');
  });

  it("shows the owner's display name and avatar on the service page's card", async () => {
    const user = await ctx.createUser({ username: 'cardowner' });
    const created = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: { service: 'lyft', code: 'CARD1', reward: '5', listed: true },
    });
    expect(created.statusCode).toBe(201);
    const card = async () =>
      (await ctx.request({ url: '/api/services/lyft/codes' }))
        .json()
        .codes.find((c: { username: string }) => c.username === 'cardowner');
    const before = await card();
    expect(before.owner).toEqual({ username: 'cardowner', displayName: null, avatar: null });
    const avatar = await uploadAvatar(ctx, user);
    await setIdentity(ctx, user, { displayName: 'Card Owner' });
    expect((await card()).owner).toEqual({
      username: 'cardowner',
      displayName: 'Card Owner',
      avatar,
    });
  });

  it('draws the avatar and display name on the share image, under 300 KB', async () => {
    const user = await ctx.createUser({ username: 'pictured' });
    await addCode(ctx, user, { service: 'uber', code: 'P1', reward: '15' });
    const imageOf = async () => {
      const url = new URL(
        meta(parsePage(await ctx.request({ url: '/pictured' })), 'og:image') ?? '',
      );
      return {
        path: `${url.pathname}${url.search}`,
        response: await ctx.request({ url: `${url.pathname}${url.search}` }),
      };
    };
    const plain = await imageOf();
    await setIdentity(ctx, user, { displayName: 'Pic Tured' });
    const named = await imageOf();
    expect(named.path).not.toBe(plain.path);
    await uploadAvatar(ctx, user);
    const withAvatar = await imageOf();
    expect(withAvatar.path).not.toBe(named.path);
    for (const image of [named, withAvatar]) {
      expect(image.response.statusCode).toBe(200);
      expect(pngSize(image.response.rawPayload)).toEqual({ width: 1200, height: 630 });
      expect(image.response.rawPayload.length).toBeLessThan(300 * 1024);
    }
    expect(withAvatar.response.rawPayload.equals(named.response.rawPayload)).toBe(false);
  });

  it('deletes the avatar bytes with the account', async () => {
    const user = await ctx.createUser({ username: 'leaving' });
    const avatar = await uploadAvatar(ctx, user);
    const deleted = await ctx.request({
      method: 'DELETE',
      url: '/api/me',
      cookie: user.cookie,
      body: { username: 'leaving' },
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await ctx.database.db
      .selectFrom('avatars')
      .select('hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    const hash = avatar.url512.split('/').pop()?.split('-')[0] ?? '';
    const byHash = await ctx.database.db
      .selectFrom('avatars')
      .select('hash')
      .where('hash', '=', hash)
      .execute();
    expect(byHash).toEqual([]);
  });
});
