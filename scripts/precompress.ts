/**
 * Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy of every text file of the
 * web build at the highest levels, once, so the server sends compressed assets without
 * compressing per request (@fastify/static `preCompressed`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest']);
const distDir = path.resolve(import.meta.dirname, '../dist/web');

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.has(path.extname(entry.name))) yield full;
  }
}

let count = 0;
for (const file of files(distDir)) {
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`Precompressed ${count} files (brotli and gzip).`);
