import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Each route and the lazy page module (relative to web/) that router.tsx loads for it. */
export const ROUTE_PAGES = [
  { route: '/', page: 'features/landing/LandingPage.tsx' },
  { route: '/magic-link', page: 'features/auth/SignInPage.tsx' },
  { route: '/dashboard', page: 'features/dashboard/DashboardPage.tsx' },
  { route: '/admin', page: 'features/admin/AdminPage.tsx' },
  { route: '/:username', page: 'features/profile/ProfileRoute.tsx' },
] as const;

/**
 * JavaScript budgets before a route is interactive, as a browser receives it (brotli, which the
 * server sends to every browser that accepts it); decimal kB like Vite prints them (the stricter
 * reading of "KB"). tests/e2e measure the same in Chromium from what the page downloaded.
 */
export const BUDGETS: Readonly<Record<string, number>> = {
  '/': 130_000,
  '/:username': 100_000,
};

/** One built JavaScript chunk: its code, the chunks it imports statically, its source modules. */
export interface BuiltChunk {
  file: string;
  code: string;
  imports: string[];
  modules: string[];
}

export interface RouteLoad {
  route: string;
  files: string[];
  modules: string[];
  gzipBytes: number;
  /** As transferred to a browser that accepts brotli (every current one). */
  brotliBytes: number;
}

/** The entry chunk plus the route's page chunk, with every chunk they import statically. */
export function firstLoad(
  chunks: ReadonlyMap<string, BuiltChunk>,
  entryFile: string,
  pageFile: string,
  route: string,
): RouteLoad {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(entryFile);
  visit(pageFile);
  const files = [...seen];
  const found = files.map((file) => {
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`chunk ${file} is missing from the build`);
    return chunk;
  });
  return {
    route,
    files,
    modules: found.flatMap((chunk) => chunk.modules),
    gzipBytes: found.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0),
    brotliBytes: found.reduce((sum, chunk) => sum + brotliSize(chunk.code), 0),
  };
}

/** What a browser receives: scripts are served precompressed with brotli (scripts/precompress.ts). */
function brotliSize(code: string): number {
  return brotliCompressSync(code, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
