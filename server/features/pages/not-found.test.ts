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
      expect(state.queries[0].state.data).toEqual({ username: 'ids_owner', codes: [] });
      expect(response.body).not.toContain('SECRET-SHAPE');
      pages.push(response.body);
    }
    expect(pages[1]).toBe(pages[0]);
  });
});
