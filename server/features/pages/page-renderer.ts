import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { RenderInput, RenderPage } from '../../../shared/page-render.ts';
import { type DocumentTemplate, parseTemplate, renderDocument } from './html-document.ts';
import { encodedBody, pageBytes, type RenderedPage, renderedPage } from './rendered-pages.ts';

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
    options?: { cached: boolean },
  ): Promise<ServedPage>;
}

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

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The stylesheet goes inside a rendered page: a visitor's first paint then needs no second round
 * trip (most arrive once, from a shared link), and it still fits the page into 14 KB compressed.
 * The browser-rendered screens keep the cached file.
 */
function inlineStylesheets(indexHtml: string, webDistDir: string): string {
  return indexHtml.replace(STYLESHEET, (_tag, file: string) => {
    const css = fs.readFileSync(path.join(webDistDir, file), 'utf8');
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
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
): Promise<PageRenderer | undefined> {
  const indexPath = path.join(webDistDir, 'index.html');
  const entryPath = path.join(ssrDistDir, 'entry-server.js');
  const manifestPath = path.join(webDistDir, '.vite/manifest.json');
  if (![indexPath, entryPath, manifestPath].every((file) => fs.existsSync(file))) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const manifest: Record<string, ManifestEntry> = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const { render } = (await import(pathToFileURL(entryPath).href)) as { render: RenderPage };
  const template: DocumentTemplate = parseTemplate(
    inlineStylesheets(indexHtml, webDistDir),
    `data-env="${env}"`,
  );
  const modules = pageModules(manifest);
  // A new build renders differently: its pages must not be served from the old build's keys.
  const build = hash('sha1', indexHtml, 'base64url');
  // Least recently used first out, by bytes (decision 091). A page is kept with both compressed
  // copies, made when it is rendered, so its size is known when it is stored.
  const cache = new LRUCache<string, RenderedPage>({
    maxSize: cacheBytes,
    sizeCalculation: pageBytes,
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();

  async function renderPage(key: string, status: number, input: RenderInput, cached: boolean) {
    const output = await render(input);
    const html = renderDocument(template, output, modules[input.page.kind] ?? '', PAGE_STATE_ID);
    const page = renderedPage(status, key, html);
    if (cached) {
      encodedBody(page, 'br');
      encodedBody(page, 'gzip');
      cache.set(key, page);
    }
    return page;
  }

  return {
    async page(dataKey, status, input, { cached } = { cached: true }) {
      const key = `${build}:${status}:${dataKey}`;
      if (!cached) return { page: await renderPage(key, status, input, false), cache: 'none' };
      const found = cache.get(key);
      if (found) return { page: found, cache: 'hit' };
      // Concurrent requests for a page not yet rendered share one render.
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderPage(key, status, input, true).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return { page: await pending, cache: 'miss' };
    },
  };
}
