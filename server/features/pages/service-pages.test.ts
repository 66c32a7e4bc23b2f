import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { meta, parsePage } from './pages.test-helpers.ts';

describeEachDatabase('server-rendered service pages', (ctx) => {
  async function listed(username: string, body: Record<string, unknown>) {
    const user = await ctx.createUser({ username });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: { reward: '15', ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json().code as { id: string };
  }

  it('renders /s/:id with its head, one card per listed code, owner links and the hydration data', async () => {
    const first = await listed('svc_ann', {
      service: 'uber',
      code: 'ANN',
      listed: true,
      productName: 'Rides',
    });
    await listed('svc_ben', { service: 'uber', code: 'BEN', listed: true });
    await listed('svc_cat', { service: 'uber', code: 'CAT' });
    const response = await ctx.request({ url: '/s/uber' });
    expect(response.statusCode).toBe(200);
    const page = parsePage(response);
    expect(page.title).toBe('Uber referral codes · Refstash');
    expect(meta(page, 'og:title')).toBe('Uber referral codes · Refstash');
    expect(meta(page, 'description')).toContain('2 Uber (uber.com) referral codes');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost:3000/s/uber',
    );
    expect(page.querySelector('h1')?.textContent).toBe('Uber referral codes');
    expect(page.body.textContent).toContain('uber.com');
    const cards = [...page.querySelectorAll('main li[data-code-id]')];
    expect(cards).toHaveLength(2);
    const ann = cards.find((card) => card.getAttribute('data-code-id') === first.id)!;
    expect(ann.querySelector('a')?.getAttribute('href')).toBe(`/svc_ann/${first.id}`);
    expect([...ann.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain('/svc_ann');
    expect(ann.textContent).toContain('@svc_ann');
    expect(ann.textContent).toMatch(/Added \w{3} \d{1,2}, \d{4}/);
    expect(page.body.textContent).not.toContain('CAT');
    const state = JSON.parse(page.getElementById('page-state')?.textContent ?? '{}');
    expect(state.queries[0].queryKey).toEqual(['service-codes', 'uber', '']);
    // The case of the id and unknown filters have one address.
    const upper = await ctx.request({ url: '/s/UBER' });
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe('/s/uber');
    const badCountry = await ctx.request({ url: '/s/uber?country=ZZ' });
    expect(badCountry.headers.location).toBe('/s/uber');
  });

  it('answers 404 for an unknown service, and invites a first code for a known empty one', async () => {
    const unknown = await ctx.request({ url: '/s/no-such-service' });
    expect(unknown.statusCode).toBe(404);
    expect(
      parsePage(unknown).querySelector('meta[name="robots"]')?.getAttribute('content'),
    ).toContain('noindex');
    // The 404 look of every page, with the way to the services that have codes (issue 24).
    expect(parsePage(unknown).querySelector('main h1')?.textContent).toBe('Service not found');
    expect(parsePage(unknown).querySelector('main a[href="/s"]')?.textContent).toBe('Find a code');
    const empty = await ctx.request({ url: '/s/tidal' });
    expect(empty.statusCode).toBe(200);
    const page = parsePage(empty);
    expect(page.body.textContent).toContain('No TIDAL referral codes are listed yet.');
    expect(page.querySelector('a[href="/dashboard"]')?.textContent).toBe('Add yours');
  });

  it('renders the directory with counts, and lists service pages in the sitemap', async () => {
    await listed('dir_one', { service: 'lyft', code: 'L1', listed: true });
    await listed('dir_two', { service: 'lyft', code: 'L2', listed: true });
    const response = await ctx.request({ url: '/s' });
    expect(response.statusCode).toBe(200);
    const page = parsePage(response);
    expect(page.title).toBe('Find a referral code · Refstash');
    const lyft = page.querySelector('a[href="/s/lyft"]');
    expect(lyft?.textContent).toContain('Lyft');
    expect(lyft?.textContent).toContain('2 codes');
    expect(page.querySelector('input[type="search"]')).not.toBeNull();
    const sitemap = await ctx.request({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>http://localhost:3000/s</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/s/lyft</loc>');
    expect(sitemap.body).not.toContain('<loc>http://localhost:3000/s/tidal</loc>');
  });

  it('links the landing page and profiles to the directory', async () => {
    await ctx.createUser({ username: 'svc_link' });
    for (const url of ['/', '/svc_link']) {
      const page = parsePage(await ctx.request({ url }));
      expect(page.querySelector('a[href="/s"]')?.textContent, url).toBe('Find a code');
    }
  });
});
