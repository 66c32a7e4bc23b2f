/**
 * Runs after `vite build`: prints the gzip size of the JavaScript each route loads before it is
 * interactive (entry + the route's lazy page + their static imports), from Vite's manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BUDGETS,
  type BuiltChunk,
  firstLoad,
  formatKb,
  ROUTE_PAGES,
} from './build/route-bundles.ts';

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const distDir = path.resolve(import.meta.dirname, '../dist/web');
const manifest: Record<string, ManifestEntry> = JSON.parse(
  fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
);

const chunks = new Map<string, BuiltChunk>();
for (const entry of Object.values(manifest)) {
  if (!entry.file.endsWith('.js')) continue;
  chunks.set(entry.file, {
    file: entry.file,
    code: fs.readFileSync(path.join(distDir, entry.file), 'utf8'),
    imports: (entry.imports ?? []).map((key) => manifest[key]!.file),
    modules: entry.src ? [entry.src] : [],
  });
}
const entry = Object.values(manifest).find((item) => item.isEntry);
if (!entry) throw new Error('no entry in the Vite manifest');

console.log(
  '\nJavaScript loaded before each route is interactive (brotli as sent, against its budget; gzip):',
);
for (const { route, page } of ROUTE_PAGES) {
  const pageEntry = manifest[page];
  if (!pageEntry) throw new Error(`${page} is not a chunk in the build`);
  const load = firstLoad(chunks, entry.file, pageEntry.file, route);
  const budget = BUDGETS[route];
  const note = budget ? ` of ${formatKb(budget)} budget` : '';
  console.log(
    `  ${route.padEnd(12)} ${formatKb(load.brotliBytes).padStart(9)}${note}; gzip ${formatKb(load.gzipBytes)}`,
  );
}
