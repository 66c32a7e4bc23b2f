import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../plugins/rate-limiter.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode } from '../pages/pages.test-helpers.ts';
import { crawlersRoutes } from './crawlers.routes.ts';

const APP = 'http://localhost:3000';

describeEachDatabase('robots.txt and sitemap.xml', (ctx) => {
  it('robots.txt allows the public pages and disallows the API and the private screens', async () => {
    const response = await ctx.request({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    for (const path of ['/api/', '/dashboard', '/admin', '/magic-link', '/finishSignUp']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Allow: /');
    // Link previews must be fetchable by crawlers.
    expect(lines).toContain('Allow: /api/share-images/');
    expect(lines).toContain(`Sitemap: ${APP}/sitemap.xml`);
  });

  it('lists the landing page and every profile that has at least one code', async () => {
    const withCode = await ctx.createUser({ username: 'has_codes' });
    await addCode(ctx, withCode, { service: 'uber', code: 'X', reward: '1' });
    await ctx.createUser({ username: 'no_codes' });
    const response = await ctx.request({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs[0]).toBe(`${APP}/`);
    expect(locs).toContain(`${APP}/rules`);
    expect(locs).toContain(`${APP}/has_codes`);
    expect(locs).not.toContain(`${APP}/no_codes`);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('percent-encodes each path segment, as a service id from before decision 092 needs', async () => {
    const owner = await ctx.createUser({ username: 'encodes' });
    // An id the derivation no longer makes (and migration 0090 rewrites), written directly.
    await ctx.database.db
      .insertInto('services')
      .values({
        id: '😀pay&co é',
        name: 'Emoji Pay',
        domain: 'emojipay.com',
        created_at: new Date().toISOString(),
        created_by: owner.id,
      })
      .execute();
    const code = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: owner.cookie,
      body: { service: '😀pay&co é', code: 'EMOJI', reward: '1', listed: true },
    });
    expect(code.statusCode).toBe(201);
    const response = await ctx.request({ url: '/sitemap.xml' });
    expect(response.body).toContain(`<loc>${APP}/s/%F0%9F%98%80pay%26co%20%C3%A9</loc>`);
    expect(response.body).toContain(`<loc>${APP}/encodes</loc>`);
  });

  it('becomes a sitemap index past the per-file limit, and every URL is in one file', async () => {
    for (const name of ['idx_a', 'idx_b', 'idx_c', 'idx_d']) {
      const user = await ctx.createUser({ username: name });
      await addCode(ctx, user, { service: 'uber', code: name, reward: '1' });
    }
    // The same routes with a per-file limit of 3, so the rule shows with a few profiles.
    const app = Fastify();
    const deps = {
      config: ctx.config,
      database: ctx.database,
      db: ctx.database.db,
      limiter: createMemoryRateLimiter(),
      discovery: ctx.app.deps.discovery,
      profiles: ctx.app.deps.profiles,
      mailer: ctx.app.deps.mailer,
      outbox: ctx.app.deps.outbox,
      fastReads: ctx.app.deps.fastReads,
      foregroundWork: ctx.app.deps.foregroundWork,
    };
    await crawlersRoutes(app, deps, { maxUrls: 3 });
    try {
      const index = await app.inject({ url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex');
      const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(files[0]).toBe(`${APP}/sitemaps/1.xml`);
      const listed: string[] = [];
      for (const file of files) {
        const part = await app.inject({ url: new URL(file).pathname });
        expect(part.statusCode).toBe(200);
        const locs = [...part.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(locs.length).toBeLessThanOrEqual(3);
        listed.push(...locs);
      }
      expect(listed[0]).toBe(`${APP}/`);
      for (const name of ['idx_a', 'idx_b', 'idx_c', 'idx_d'])
        expect(listed).toContain(`${APP}/${name}`);
      expect(new Set(listed).size).toBe(listed.length);
      expect((await app.inject({ url: `/sitemaps/${files.length + 1}.xml` })).statusCode).toBe(404);
    } finally {
      await app.close();
      await deps.limiter.close();
    }
  });
});
