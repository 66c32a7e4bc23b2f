/**
 * Whether `npm run build` has to run again: any of its outputs is missing, or older than the
 * newest file it is built from. `npm start` asks this before it serves.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What `npm run build` writes that the server needs: the page, its server entry, its .br/.gz. */
export const BUILD_OUTPUTS = [
  'dist/web/index.html',
  'dist/web/index.html.br',
  'dist/web/index.html.gz',
  'dist/ssr/entry-server.js',
];

/** What those are built from (the server entry imports only web/ and shared/). */
export const BUILD_SOURCES = [
  'web',
  'shared',
  'vite.config.ts',
  'package.json',
  'scripts/build',
  'scripts/precompress.ts',
];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale(root: string): boolean {
  const builtAt = BUILD_OUTPUTS.map((output) =>
    fs.statSync(path.join(root, output), { throwIfNoEntry: false }),
  );
  if (builtAt.some((stat) => !stat)) return true;
  const oldestOutput = Math.min(...builtAt.map((stat) => stat?.mtimeMs ?? 0));
  return BUILD_SOURCES.some((source) => newestMtime(path.join(root, source)) > oldestOutput);
}
