import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode, parsePage } from './pages.test-helpers.ts';

const JSON_404 = { error: { code: 'not_found', message: 'Not found' } };

describeEachDatabase('404s that are not pages (issue 22)', (ctx) => {
  it('answers every unknown path under /api, /api itself included, with the JSON 404, never kept', async () => {
    for (const [method, url] of [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/profiles'],
      ['GET', '/api/nothing?x=1'],
      ['GET', '/api/a/b/c'],
      ['HEAD', '/api/profiles'],
      ['POST', '/api/nothing'],
    ] as const) {
      const response = await ctx.request({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      if (method !== 'HEAD') expect(response.json(), url).toEqual(JSON_404);
    }
  });

  it('answers a missing asset with a small 404 that no shared cache keeps', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/index-0000.css',
      '/assets/a/b.js',
      '/assets',
    ]) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.rawPayload.length, url).toBeLessThan(100);
      expect(response.json(), url).toEqual(JSON_404);
    }
  });

  it('never takes a reserved word for a profile, even one an old account holds', async () => {
    for (const name of ['help', 'static', 'about']) {
      const holder = await ctx.createUser({ username: name });
      await addCode(ctx, holder, { service: 'uber', code: `R-${name}`, reward: '5' });
      const response = await ctx.request({ url: `/${name}` });
      expect(response.statusCode, name).toBe(404);
      const page = parsePage(response);
      expect(page.querySelector('h1')?.textContent, name).toBe('Page not found');
      expect(response.body, name).not.toContain(`R-${name}`);
    }
  });

  it("answers a made-up code id with one page per profile that carries none of the profile's codes", async () => {
    const owner = await ctx.createUser({ username: 'ids_owner' });
    await addCode(ctx, owner, { service: 'uber', code: 'SECRET-SHAPE', reward: '5' });
    const pages = [];
    for (const id of [
      '0190c5b2-0000-7000-8000-0000000000aa',
      '0190c5b2-0000-7000-8000-0000000000bb',
    ]) {
      const response = await ctx.request({ url: `/ids_owner/${id}` });
      expect(response.statusCode).toBe(404);
      const page = parsePage(response);
      expect(page.querySelector('h1')?.textContent).toBe('Page not found');
      const state = JSON.parse(page.getElementById('page-state')?.textContent ?? '{}');
      expect(state.queries[0].state.data).toEqual({
        username: 'ids_owner',
        identity: { displayName: null, bio: null, avatar: null, links: [], accent: 'indigo' },
        codes: [],
      });
      expect(response.body).not.toContain('SECRET-SHAPE');
      pages.push(response.body);
    }
    expect(pages[1]).toBe(pages[0]);
  });

  it('keeps a real page in the cache and renders a made-up name for its request only', async () => {
    const owner = await ctx.createUser({ username: 'cached_owner' });
    await addCode(ctx, owner, { service: 'uber', code: 'C1', reward: '5' });
    const cacheOf = async (url: string) =>
      (await ctx.request({ url })).headers['server-timing'] as string;
    expect(await cacheOf('/cached_owner')).toBe('page-cache;desc=miss');
    expect(await cacheOf('/cached_owner')).toBe('page-cache;desc=hit');
    const madeUpCode = '/cached_owner/0190c5b2-0000-7000-8000-0000000000cc';
    expect(await cacheOf(madeUpCode)).toBe('page-cache;desc=miss');
    expect(await cacheOf('/cached_owner/0190c5b2-0000-7000-8000-0000000000dd')).toBe(
      'page-cache;desc=hit',
    );
    for (const url of ['/nobody_cached', '/nobody_cached', '/s/no-such-service']) {
      expect(await cacheOf(url), url).toBe('page-cache;desc=none');
    }
  });

  it('renders at most 60 made-up names a minute for one network, then the plain 404 page', async () => {
    const ask = (name: string) =>
      ctx.app.inject({ url: `/${name}`, remoteAddress: '198.51.100.23' });
    for (let i = 0; i < 60; i += 1) {
      const response = await ask(`ghost_${i}`);
      expect(response.statusCode).toBe(404);
      expect(parsePage(response).querySelector('h1')?.textContent).toBe('Profile not found');
    }
    const over = await ask('ghost_60');
    expect(over.statusCode).toBe(404);
    expect(parsePage(over).querySelector('h1')?.textContent).toBe('Page not found');
    expect(over.headers['server-timing']).not.toBe('page-cache;desc=none');
    // Another network still gets the named page.
    const other = await ctx.app.inject({ url: '/ghost_61', remoteAddress: '198.51.101.23' });
    expect(parsePage(other).querySelector('h1')?.textContent).toBe('Profile not found');
  });
});
