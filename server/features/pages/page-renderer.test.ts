import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderInput } from '../../../shared/page-render.ts';
import { EMPTY_IDENTITY } from '../../../shared/profile-identity.ts';
import { testConfig } from '../../test-support/test-app.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';
import { encodedBody, pageHtml, renderedPage, settledPage } from './rendered-pages.ts';

const profile = (username: string): RenderInput => ({
  url: `/${username}`,
  appUrl: 'http://localhost:3000',
  imageVersion: 'v1',
  page: {
    kind: 'profile',
    profile: {
      username,
      identity: EMPTY_IDENTITY,
      codes: Array.from({ length: 20 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        service: 'uber',
        serviceName: 'Uber',
        productName: i % 3 ? 'Premium membership' : null,
        code: `UBER-REF-${1000 + i}`,
        reward: i % 2 ? `${10 + i}` : `${i + 1} months free on the premium plan`,
        link: `https://uber.com/invite/${i}`,
        createdAt: '2026-11-01T00:00:00.000Z',
        expiresAt: null,
        countries: null,
      })),
    },
  },
});

describe('cold renders: compressed fast, re-compressed when idle (decision 113)', () => {
  let renderer: PageRenderer;
  beforeAll(async () => {
    const config = testConfig();
    const loaded = await loadPageRenderer(config.webDistDir, config.ssrDistDir, 'test', 64 << 20);
    if (!loaded) throw new Error('no build: run `npm run build` first');
    renderer = loaded;
  });
  afterAll(() => renderer.close());

  it('compresses a fresh page with brotli only, and makes gzip when a client asks for it', async () => {
    const first = await renderer.page('fresh', 200, profile('fresh'), { encoding: 'br' });
    expect(first.cache).toBe('miss');
    expect(first.page.brotli).toBeDefined();
    expect(first.page.gzip).toBeUndefined();
    // The cached page holds the brotli copy only; the HTML is what it decompresses to.
    expect(first.page.html).toBeUndefined();
    const html = pageHtml(first.page).toString();
    expect(html).toContain('UBER-REF-1019');
    const plain = await renderer.page('fresh', 200, profile('fresh'), { encoding: 'identity' });
    expect(pageHtml(plain.page).toString()).toBe(html);

    const gzipped = await renderer.page('fresh', 200, profile('fresh'), { encoding: 'gzip' });
    expect(gzipped.cache).toBe('hit');
    expect(gunzipSync(gzipped.page.gzip!).toString()).toBe(html);
    // Kept with the entry: the next gzip answer is not compressed again.
    const again = await renderer.page('fresh', 200, profile('fresh'), { encoding: 'gzip' });
    expect(again.page.gzip).toBe(gzipped.page.gzip);
  });

  it('re-compresses a page asked for twice into fewer bytes of the same HTML, and serves those', async () => {
    const once = await renderer.page('popular', 200, profile('popular'), { encoding: 'br' });
    const fastBytes = once.page.brotli!.length;
    const queuedBefore = renderer.stats().queued;
    await renderer.page('popular', 200, profile('popular'), { encoding: 'br' });
    expect(renderer.stats().queued).toBe(queuedBefore + 1);

    expect(await renderer.settleQueued()).toBeGreaterThanOrEqual(1);
    expect(renderer.stats().queued).toBe(0);
    const settled = await renderer.page('popular', 200, profile('popular'), { encoding: 'br' });
    expect(settled.cache).toBe('hit');
    expect(settled.page.settled).toBe(true);
    expect(settled.page.brotli!.length).toBeLessThan(fastBytes);
    expect(brotliDecompressSync(settled.page.brotli!).toString()).toBe(
      pageHtml(once.page).toString(),
    );
    // Settled once: asked for again, it is not queued again.
    expect(renderer.stats().queued).toBe(0);
  });

  it('renders a page asked for once only once, and never queues it', async () => {
    const before = renderer.stats();
    await renderer.page('once', 200, profile('once'), { encoding: 'br' });
    expect(renderer.stats().renders).toBe(before.renders + 1);
    expect(renderer.stats().queued).toBe(before.queued);
  });
});

describe('the idle re-compression waits for work off the event loop (decision 120)', () => {
  it('re-compresses nothing while a share image renders, and the queued page once it is done', async () => {
    const config = testConfig();
    let rendering = true;
    const renderer = await loadPageRenderer(
      config.webDistDir,
      config.ssrDistDir,
      'test',
      64 << 20,
      {
        foregroundBusy: () => rendering,
        settleTickMs: 20,
      },
    );
    if (!renderer) throw new Error('no build: run `npm run build` first');
    try {
      await renderer.page('waiting', 200, profile('waiting'), { encoding: 'br' });
      await renderer.page('waiting', 200, profile('waiting'), { encoding: 'br' });
      expect(renderer.stats().queued).toBe(1);
      // Ten ticks with the event loop idle, but an image under way: the page stays queued.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(renderer.stats()).toMatchObject({ queued: 1, settled: 0 });
      rendering = false;
      for (let i = 0; i < 100 && renderer.stats().settled === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(renderer.stats()).toMatchObject({ queued: 0, settled: 1 });
    } finally {
      renderer.close();
    }
  });
});

describe('settledPage', () => {
  it('re-compresses from the copy it holds when the HTML was let go', async () => {
    const page = renderedPage(200, 'key', `<p>${'refstash '.repeat(2_000)}</p>`);
    const html = page.html!;
    encodedBody(page, 'gzip');
    page.html = undefined;
    const settled = await settledPage(page);
    expect(gunzipSync(settled.gzip!).equals(html)).toBe(true);
    expect(settled.brotli).toBeUndefined();
  });

  it('keeps a copy that did not get smaller, and the ones it holds only', async () => {
    const page = renderedPage(200, 'key', `<p>${'refstash '.repeat(2_000)}</p>`);
    encodedBody(page, 'br');
    const settled = await settledPage(page);
    expect(settled.gzip).toBeUndefined();
    expect(settled.brotli!.length).toBeLessThanOrEqual(page.brotli!.length);
    expect(brotliDecompressSync(settled.brotli!).equals(page.html!)).toBe(true);
    expect(settled.settled).toBe(true);
  });
});
