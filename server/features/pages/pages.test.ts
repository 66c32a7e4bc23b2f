import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedDemoProfile } from '../../db/seed.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode, meta, parsePage } from './pages.test-helpers.ts';

const APP = 'http://localhost:3000';

describeEachDatabase('server-rendered public pages', (ctx) => {
  it('sends a profile whole: heading, every card, its data, and no second request needed', async () => {
    const alice = await ctx.createUser({ username: 'alice' });
    const uber = await addCode(ctx, alice, {
      service: 'uber',
      code: 'RIDE-ALICE',
      reward: '15',
      productName: 'First ride',
      link: 'https://uber.com/invite/alice',
    });
    await addCode(ctx, alice, { service: 'airbnb', code: 'STAY', reward: '1 night free' });

    const response = await ctx.request({ url: '/alice' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = parsePage(response);
    expect(page.querySelector('h1')?.textContent).toBe("@alice's referral codes");
    const cards = [...page.querySelectorAll('main li a')];
    expect(cards.map((card) => card.textContent)).toEqual([
      'Airbnb1 night free',
      'UberFirst ride$15',
    ]);
    // Each card is a real link to its code's page, with its logo.
    expect(cards[1]?.getAttribute('href')).toBe(`/alice/${uber.id}`);
    expect(cards[1]?.querySelector('img')?.getAttribute('src')).toBe('/api/logos/uber/image');
    expect(cards[1]?.querySelector('img')?.getAttribute('alt')).toBe('Uber logo');
    // The data the browser hydrates from is in the page.
    const state = JSON.parse(page.getElementById('page-state')?.textContent ?? '{}');
    expect(state.queries[0].queryKey).toEqual(['profile', 'alice']);
    expect(state.queries[0].state.data.codes.map((c: { code: string }) => c.code)).toEqual([
      'STAY',
      'RIDE-ALICE',
    ]);
  });

  it("paints before the app's code is fetched: one small entry script, the modules listed for later", async () => {
    const hana = await ctx.createUser({ username: 'hana' });
    await addCode(ctx, hana, { service: 'uber', code: 'RIDE-HANA', reward: '15' });
    const page = parsePage(await ctx.request({ url: '/hana' }));
    // Nothing the browser would fetch at high priority before the first paint but the entry.
    expect(page.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const scripts = [...page.querySelectorAll('script[src]')];
    expect(scripts).toHaveLength(1);
    const entry = scripts[0]?.getAttribute('src') ?? '';
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    // The entry only waits for the paint, then preloads the page's modules and starts the app.
    const entryFile = await ctx.request({ url: entry, headers: { 'accept-encoding': 'identity' } });
    expect(entryFile.statusCode).toBe(200);
    expect(entryFile.rawPayload.length).toBeLessThan(3 * 1024);
    const modules = page.getElementById('page-state')?.getAttribute('data-modules')?.split(' ');
    expect(modules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/vendor-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/ProfileRoute-[\w-]+\.js$/),
      ]),
    );
    expect(modules).not.toContain(entry);
  });

  it("has a profile's own title, description, canonical URL and link-preview tags", async () => {
    const bob = await ctx.createUser({ username: 'bob' });
    for (const service of ['uber', 'airbnb', 'spotify', 'netflix', 'lyft']) {
      await addCode(ctx, bob, { service, code: `C-${service}`, reward: '5' });
    }
    const page = parsePage(await ctx.request({ url: '/bob' }));
    expect(page.title).toBe("@bob's referral codes · Refstash");
    expect(meta(page, 'description')).toBe('Referral codes for Lyft, Netflix and 3 more');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${APP}/bob`);
    expect(meta(page, 'og:title')).toBe("@bob's referral codes · Refstash");
    expect(meta(page, 'og:description')).toBe('Referral codes for Lyft, Netflix and 3 more');
    expect(meta(page, 'og:url')).toBe(`${APP}/bob`);
    expect(meta(page, 'og:type')).toBe('profile');
    expect(meta(page, 'og:image')).toMatch(
      /^http:\/\/localhost:3000\/api\/share-images\/profiles\/bob\?v=[\w-]{16}$/,
    );
    expect(meta(page, 'og:image:width')).toBe('1200');
    expect(meta(page, 'og:image:height')).toBe('630');
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page, 'twitter:image')).toBe(meta(page, 'og:image'));
  });

  it("renders a code's own page with its title, code, link and an SVG QR code", async () => {
    const carol = await ctx.createUser({ username: 'carol' });
    const code = await addCode(ctx, carol, {
      service: 'uber',
      code: 'CAROL-15',
      reward: '15',
      link: 'https://uber.com/invite/carol',
    });
    const response = await ctx.request({ url: `/carol/${code.id}` });
    expect(response.statusCode).toBe(200);
    const page = parsePage(response);
    expect(page.title).toBe('Uber referral code · $15 · @carol');
    expect(meta(page, 'og:title')).toBe('Uber referral code · $15 · @carol');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${APP}/carol/${code.id}`,
    );
    expect(page.querySelector('h1')?.textContent).toBe('Uber referral code');
    expect(page.querySelector('[data-testid="referral-code"]')?.textContent).toBe('CAROL-15');
    expect(page.querySelector('a[href="https://uber.com/invite/carol"]')).not.toBeNull();
    const qr = page.querySelector('svg[aria-label="QR code for Uber link"]');
    expect(qr?.getAttribute('width')).toBe('240');
  });

  it('answers 404 with the right view for an unknown profile, code or path', async () => {
    const dave = await ctx.createUser({ username: 'dave' });
    await addCode(ctx, dave, { service: 'uber', code: 'D', reward: '1' });

    const ghost = await ctx.request({ url: '/nobody_here' });
    expect(ghost.statusCode).toBe(404);
    const ghostPage = parsePage(ghost);
    expect(ghostPage.querySelector('h1')?.textContent).toBe('Profile not found');
    expect(ghostPage.querySelector('main a[href="/"]')?.textContent).toBe('Go Home');
    expect(ghostPage.querySelector('main a[href="/signup"]')?.textContent).toBe('Get Started');
    expect(meta(ghostPage, 'robots')).toBe('noindex');

    for (const url of [
      '/dave/0190c5b2-0000-7000-8000-0000000000ff',
      '/dave/not-a-code',
      '/not.a.username',
      '/a/b/c',
    ]) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(parsePage(response).querySelector('h1')?.textContent, url).toBe('Page not found');
    }
  });

  it('redirects a username in capitals to its lowercase address', async () => {
    await ctx.createUser({ username: 'erin' });
    const response = await ctx.request({ url: '/Erin' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/erin');
  });

  it('renders the landing page with its headline, the 6 demo cards and its own tags', async () => {
    await seedDemoProfile(ctx.database, ctx.config.demoUsername);
    const response = await ctx.request({ url: '/' });
    expect(response.statusCode).toBe(200);
    const page = parsePage(response);
    expect(page.querySelector('h1')?.textContent).toBe('Refstash');
    expect(page.querySelectorAll('[data-testid="demo-card"]')).toHaveLength(6);
    expect(page.title).toBe('Refstash · Share your referral codes');
    expect(meta(page, 'og:image')).toMatch(
      /^http:\/\/localhost:3000\/api\/share-images\/landing\?v=/,
    );
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${APP}/`);
  });

  it('carries a content ETag, answers 304 to it, and a new one after an edit', async () => {
    const fay = await ctx.createUser({ username: 'fay' });
    const code = await addCode(ctx, fay, { service: 'uber', code: 'F1', reward: '1' });
    for (const url of ['/fay', '/api/profiles/fay']) {
      const first = await ctx.request({ url });
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe(
        'public, max-age=0, s-maxage=30, must-revalidate',
      );
      const again = await ctx.request({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    const before = (await ctx.request({ url: '/fay' })).headers.etag;
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: fay.cookie,
      body: { reward: '2' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await ctx.request({
      url: '/fay',
      headers: { 'if-none-match': before as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(parsePage(after).querySelector('main li a')?.textContent).toContain('$2');
  });

  it('sends pages brotli or gzip compressed, following Accept-Encoding', async () => {
    await ctx.createUser({ username: 'gus' });
    const plain = await ctx.request({ url: '/gus' });
    const br = await ctx.request({ url: '/gus', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ctx.request({ url: '/gus', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const json = await ctx.request({
      url: '/api/profiles/gus',
      headers: { 'accept-encoding': 'br' },
    });
    expect(json.statusCode).toBe(200);
  });

  it('keeps user text inert: markup shows as text and cannot close the data script', async () => {
    const mallory = await ctx.createUser({ username: 'mallory' });
    const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    await addCode(ctx, mallory, { service: 'uber', code: evil, reward: evil, productName: evil });
    const response = await ctx.request({ url: '/mallory' });
    const page = parsePage(response);
    // Only three scripts: the profile's JSON-LD (issue 26), the app's module and the page's data,
    // which parses back to the text.
    const scripts = [...page.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual([
      'application/ld+json',
      'module',
      'application/json',
    ]);
    expect(page.querySelector('img[src="x"]')).toBeNull();
    const state = JSON.parse(page.getElementById('page-state')?.textContent ?? '{}');
    expect(state.queries[0].state.data.codes[0].code).toBe(evil);
    expect(page.querySelector('main li a')?.textContent).toContain(evil);
  });

  it('sends the signed-in screens as the app shell, not cached', async () => {
    for (const url of [
      '/dashboard',
      '/admin',
      '/magic-link',
      '/finishSignUp',
      '/signup',
      '/login',
    ]) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe('the first response of a 20-code profile', () => {
  it.todo('is measured in pages-size.test.ts');
});
