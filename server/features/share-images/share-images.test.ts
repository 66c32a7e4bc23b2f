import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode, meta, parsePage, pngSize } from '../pages/pages.test-helpers.ts';
import { profileDrawing } from './share-images.service.ts';

describeEachDatabase('share images (og:image)', (ctx) => {
  const imageOf = async (username: string) => {
    const page = parsePage(await ctx.request({ url: `/${username}` }));
    const url = new URL(meta(page, 'og:image') ?? '');
    return {
      path: `${url.pathname}${url.search}`,
      response: await ctx.request({ url: `${url.pathname}${url.search}` }),
    };
  };

  it('is a 1200 × 630 PNG under 300 KB made for the profile, and changes with it', async () => {
    const user = await ctx.createUser({ username: 'imagey' });
    await addCode(ctx, user, { service: 'uber', code: 'U1', reward: '15' });
    const first = await imageOf('imagey');
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['content-type']).toBe('image/png');
    expect(pngSize(first.response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(first.response.rawPayload.length).toBeLessThan(300 * 1024);
    // The page links this version: caches may keep it for a day.
    expect(first.response.headers['cache-control']).toBe('public, max-age=86400');

    await addCode(ctx, user, { service: 'airbnb', code: 'A1', reward: '40' });
    const second = await imageOf('imagey');
    expect(second.path).not.toBe(first.path);
    expect(second.response.statusCode).toBe(200);
    expect(second.response.rawPayload.equals(first.response.rawPayload)).toBe(false);
    // The old URL now answers the new image, and must be revalidated.
    const old = await ctx.request({ url: first.path });
    expect(old.rawPayload.equals(second.response.rawPayload)).toBe(true);
    expect(old.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps its URL through an edit it does not show (a reward), so previews are not redrawn', async () => {
    const user = await ctx.createUser({ username: 'steady' });
    const code = await addCode(ctx, user, { service: 'uber', code: 'S1', reward: '15' });
    const before = await imageOf('steady');
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: user.cookie,
      body: { reward: '25', link: 'https://uber.com/invite/steady' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await imageOf('steady');
    expect(after.path).toBe(before.path);
    expect(after.response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 304 to its ETag, and 404 for an unknown profile', async () => {
    await ctx.createUser({ username: 'etaggy' });
    const { path, response } = await imageOf('etaggy');
    const again = await ctx.request({
      url: path,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const unknown = await ctx.request({ url: '/api/share-images/profiles/nobody_at_all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('has a landing image of the same size', async () => {
    const response = await ctx.request({ url: '/api/share-images/landing' });
    expect(response.statusCode).toBe(200);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('limits each IP to 60 image requests a minute, so nobody can burn CPU with it', async () => {
    await ctx.createUser({ username: 'limited' });
    const ask = () =>
      ctx.app.inject({ url: '/api/share-images/profiles/limited', remoteAddress: '203.0.113.77' });
    for (let i = 0; i < 60; i += 1) expect((await ask()).statusCode).toBe(200);
    const over = await ask();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a service page its own image, naming how many codes it lists', async () => {
    const owner = await ctx.createUser({ username: 'svc_image' });
    const created = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: owner.cookie,
      body: { service: 'lyft', code: 'L1', reward: '5', listed: true },
    });
    expect(created.statusCode).toBe(201);
    const page = parsePage(await ctx.request({ url: '/s/lyft' }));
    const url = new URL(meta(page, 'og:image') ?? '');
    expect(url.pathname).toBe('/api/share-images/services/lyft');
    expect(url.searchParams.get('v')).toBe('1');
    expect(meta(page, 'og:image:alt')).toBe('Lyft referral codes on Refstash');
    const image = await ctx.request({ url: `${url.pathname}${url.search}` });
    expect(image.statusCode).toBe(200);
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(
      (await ctx.request({ url: '/api/share-images/services/no-such-service' })).statusCode,
    ).toBe(404);
  });

  it('counts and shows only live codes: an expired one is left out of the image', () => {
    const code = (service: string, expiresAt: string | null) => ({
      id: service,
      service,
      serviceName: service.toUpperCase(),
      productName: null,
      code: 'X',
      reward: '1',
      link: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      expiresAt,
      countries: null,
    });
    const row = {
      username: 'mixed',
      profile_codes: JSON.stringify([
        code('uber', '2026-11-25'),
        code('lyft', '2026-11-26'),
        code('wise', null),
      ]),
    };
    expect(profileDrawing(row, 'example.com', '2026-11-26')).toMatchObject({
      codeCount: 2,
      services: [
        { id: 'lyft', name: 'LYFT' },
        { id: 'wise', name: 'WISE' },
      ],
    });
  });
});
