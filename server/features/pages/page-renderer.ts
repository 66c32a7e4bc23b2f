import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { RenderInput, RenderPage } from '../../../shared/page-render.ts';
import { parseTemplate, renderDocument } from './html-document.ts';
import {
  type Encoding,
  encodedBody,
  pageBytes,
  type RenderedPage,
  renderedPage,
  settledPage,
} from './rendered-pages.ts';

/** The id of the page-state script; web/lib/page-state.ts reads the same id. */
const PAGE_STATE_ID = 'page-state';

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** A page as served: `hit` when it came from the cache (the `Server-Timing` header says so). */
export interface ServedPage {
  readonly page: RenderedPage;
  readonly cache: 'hit' | 'miss' | 'none';
}

export interface PageRenderer {
  /**
   * The page for `input`, rendered once per distinct content: `key` must change whenever the data
   * the page shows changes (the caller derives it from the data itself). A page that names
   * something that does not exist is not `cached`: a made-up name must never take memory.
   */
  page(
    key: string,
    status: number,
    input: RenderInput,
    options?: { cached?: boolean; encoding?: Encoding },
  ): Promise<ServedPage>;
  /**
   * The cached page for `key` if it holds a copy in `encoding` now: no render, no compression
   * (the fast reads, decision 117). Counts as a request for it, as `page` does.
   */
  cached(key: string, status: number, encoding: Encoding): RenderedPage | undefined;
  /** Pages rendered, re-compressed in the background, and waiting for it. */
  stats(): RendererStats;
  /**
   * Re-compresses every queued page now, idle or not (tests; the server does it when idle).
   * Resolves to how many pages got smaller.
   */
  settleQueued(): Promise<number>;
  /** Stops the idle-time re-compression. */
  close(): void;
}

export interface RendererStats {
  renders: number;
  settled: number;
  queued: number;
}

/**
 * Background re-compression (decision 113): a cached page asked for a second time joins a queue of
 * at most SETTLE_QUEUE pages (more are not queued); one is re-compressed every SETTLE_TICK_MS while
 * the event loop was busy less than SETTLE_IDLE_UTILIZATION of the last tick and no request's work
 * is under way off the event loop (a share image's render, decision 120). The compression runs in
 * libuv's thread pool; under load nothing is re-compressed, so it never competes with answers.
 */
const SETTLE_QUEUE = 512;
const SETTLE_TICK_MS = 250;
const SETTLE_IDLE_UTILIZATION = 0.05;

/** The page kinds that inline the public pages' stylesheet; the others inline the whole one. */
const PUBLIC_STYLESHEET_KINDS: ReadonlySet<RenderInput['page']['kind']> = new Set([
  'profile',
  'profile-not-found',
  'not-found',
  'service',
  'service-not-found',
]);

/**
 * The modules each page kind needs to hydrate: the app (main.tsx) and the page's chunk, with what
 * they import. The entry (web/boot.ts) preloads them after the first paint (decision 060).
 */
const PAGE_MODULES: Record<RenderInput['page']['kind'], string> = {
  landing: 'features/landing/LandingPage.tsx',
  profile: 'features/profile/ProfileRoute.tsx',
  'profile-not-found': 'features/profile/ProfileRoute.tsx',
  'not-found': 'components/errors/NotFoundPage.tsx',
  service: 'features/discovery/DiscoveryRoute.tsx',
  'service-not-found': 'features/discovery/DiscoveryRoute.tsx',
  directory: 'features/discovery/DiscoveryRoute.tsx',
  rules: 'features/rules/RulesPage.tsx',
};

function pageModules(manifest: Record<string, ManifestEntry>): Record<string, string> {
  const visit = (key: string, into: Set<string>) => {
    const item = manifest[key];
    if (!item || into.has(item.file)) return;
    into.add(item.file);
    for (const imported of item.imports ?? []) visit(imported, into);
  };
  // The entry is on the page already (main.tsx imports its preload helper from it).
  const entries = new Set(
    Object.values(manifest)
      .filter((item) => item.isEntry)
      .map((item) => item.file),
  );
  const lists: Record<string, string> = {};
  for (const [kind, module] of Object.entries(PAGE_MODULES)) {
    const files = new Set<string>();
    visit('main.tsx', files);
    visit(module, files);
    lists[kind] = [...files]
      .filter((file) => file.endsWith('.js') && !entries.has(file))
      .map((file) => `/${file}`)
      .join(' ');
  }
  return lists;
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/;

/** The public pages' stylesheet entry (web/public-pages.css) in the build's manifest. */
const PUBLIC_STYLESHEET_ENTRY = 'public-pages.css';

/**
 * The built stylesheets as text: the app's whole one (`full`, linked from index.html, at `href`)
 * and the public pages' (`publicPages`: the utilities their components use, decision 113; the
 * whole one in a build without it).
 */
export function stylesheets(webDistDir: string): {
  full: string;
  publicPages: string;
  href: string;
} {
  const indexHtml = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const manifestPath = path.join(webDistDir, '.vite/manifest.json');
  const manifest: Record<string, ManifestEntry> = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const file = STYLESHEET.exec(indexHtml)?.[1];
  const full = file ? fs.readFileSync(path.join(webDistDir, file), 'utf8') : '';
  const publicFile = manifest[PUBLIC_STYLESHEET_ENTRY]?.file;
  const publicPages = publicFile
    ? fs.readFileSync(path.join(webDistDir, publicFile), 'utf8')
    : full;
  return { full, publicPages, href: file ? `/${file}` : '' };
}

/**
 * The stylesheet goes inside a rendered page: a visitor's first paint then needs no second round
 * trip (most arrive once, from a shared link), and it still fits the page into 14 KB compressed.
 * The browser-rendered screens keep the cached file.
 */
function withInlineStylesheet(indexHtml: string, css: string): string {
  return indexHtml.replace(
    STYLESHEET,
    () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`,
  );
}

/** True when the page has its bytes in `encoding` at hand (nothing to compress or decompress). */
function holds(page: RenderedPage, encoding: Encoding): boolean {
  if (encoding === 'identity') return page.html !== undefined;
  return (encoding === 'br' ? page.brotli : page.gzip) !== undefined;
}

/**
 * Loads the web app's server build (dist/ssr, made by `npm run build`) and the built index.html.
 * Undefined when there is no build: the server then answers every page with the plain shell, as
 * in the tests of the API alone.
 */
export async function loadPageRenderer(
  webDistDir: string,
  ssrDistDir: string,
  env: string,
  cacheBytes: number,
  {
    foregroundBusy = () => false,
    settleTickMs = SETTLE_TICK_MS,
  }: {
    /**
     * True while a request's work runs off the event loop (a share image's render): the
     * re-compression waits for it as it waits for a busy event loop (decision 120).
     */
    foregroundBusy?: () => boolean;
    /** How often the idle re-compression looks for a page (tests shorten it). */
    settleTickMs?: number;
  } = {},
): Promise<PageRenderer | undefined> {
  const indexPath = path.join(webDistDir, 'index.html');
  const entryPath = path.join(ssrDistDir, 'entry-server.js');
  const manifestPath = path.join(webDistDir, '.vite/manifest.json');
  if (![indexPath, entryPath, manifestPath].every((file) => fs.existsSync(file))) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const manifest: Record<string, ManifestEntry> = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const { render } = (await import(pathToFileURL(entryPath).href)) as { render: RenderPage };
  const css = stylesheets(webDistDir);
  const attributes = `data-env="${env}"`;
  const templates = {
    full: parseTemplate(withInlineStylesheet(indexHtml, css.full), attributes),
    publicPages: parseTemplate(withInlineStylesheet(indexHtml, css.publicPages), attributes),
  };
  const modules = pageModules(manifest);
  // A new build renders differently: its pages must not be served from the old build's keys.
  const build = hash('sha1', indexHtml, 'base64url');
  // Least recently used first out, by bytes (decision 091): the HTML and the compressed copies a
  // page holds. A copy added later replaces the entry, so that its size is counted.
  const cache = new LRUCache<string, RenderedPage>({
    maxSize: cacheBytes,
    sizeCalculation: pageBytes,
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();
  const stats: RendererStats = { renders: 0, settled: 0, queued: 0 };
  const toSettle = new Set<string>();

  async function renderPage(
    key: string,
    status: number,
    input: RenderInput,
    cached: boolean,
    encoding: Encoding,
  ) {
    const output = await render(input);
    const publicPage = PUBLIC_STYLESHEET_KINDS.has(input.page.kind);
    const html = renderDocument(
      publicPage ? templates.publicPages : templates.full,
      output,
      modules[input.page.kind] ?? '',
      PAGE_STATE_ID,
      // The whole stylesheet, which boot.ts loads after the first paint (decision 113).
      publicPage && css.publicPages !== css.full ? css.href : undefined,
    );
    const page = renderedPage(status, key, html);
    if (cached) {
      encodedBody(page, encoding);
      // A compressed copy is what is served: the HTML it was made from is let go.
      if (encoding !== 'identity') page.html = undefined;
      cache.set(key, page);
    }
    stats.renders += 1;
    return page;
  }

  /** A cached page with its copy in `encoding`, made now if it has none (and counted). */
  function withEncoding(key: string, page: RenderedPage, encoding: Encoding): RenderedPage {
    if (encoding === 'identity' || holds(page, encoding)) return page;
    const next = { ...page };
    encodedBody(next, encoding);
    next.html = undefined;
    // Set only while it is still the cached page (a re-compressed one may have replaced it).
    if (cache.peek(key) === page) cache.set(key, next);
    return next;
  }

  async function settle(key: string): Promise<boolean> {
    toSettle.delete(key);
    const page = cache.peek(key);
    if (!page || page.settled) return false;
    const settled = await settledPage(page);
    if (cache.peek(key) !== page) return false;
    cache.set(key, settled);
    stats.settled += 1;
    return pageBytes(settled) < pageBytes(page);
  }

  let busy = false;
  let lastUtilization = performance.eventLoopUtilization();
  const idleTimer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, lastUtilization);
    lastUtilization = now;
    if (busy || toSettle.size === 0 || utilization > SETTLE_IDLE_UTILIZATION || foregroundBusy()) {
      return;
    }
    const [key] = toSettle;
    busy = true;
    settle(key!)
      .catch(() => false)
      .finally(() => {
        busy = false;
      });
  }, settleTickMs);
  idleTimer.unref();

  return {
    stats: () => ({ ...stats, queued: toSettle.size }),
    async settleQueued() {
      let smaller = 0;
      for (const key of [...toSettle]) if (await settle(key)) smaller += 1;
      return smaller;
    },
    close: () => clearInterval(idleTimer),
    cached(dataKey, status, encoding) {
      const key = `${build}:${status}:${dataKey}`;
      const found = cache.get(key);
      if (!found || !holds(found, encoding)) return undefined;
      if (!found.settled && toSettle.size < SETTLE_QUEUE) toSettle.add(key);
      return found;
    },
    async page(dataKey, status, input, { cached = true, encoding = 'br' } = {}) {
      const key = `${build}:${status}:${dataKey}`;
      if (!cached) {
        return { page: await renderPage(key, status, input, false, encoding), cache: 'none' };
      }
      const found = cache.get(key);
      if (found) {
        // Asked for again: worth compressing better, when the server has time.
        if (!found.settled && toSettle.size < SETTLE_QUEUE) toSettle.add(key);
        return { page: withEncoding(key, found, encoding), cache: 'hit' };
      }
      // Concurrent requests for a page not yet rendered share one render.
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderPage(key, status, input, true, encoding).finally(() =>
          inFlight.delete(key),
        );
        inFlight.set(key, pending);
      }
      const page = await pending;
      return { page: withEncoding(key, page, encoding), cache: 'miss' };
    },
  };
}
