import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsStale } from './build-freshness.ts';

const outputs = [
  'dist/web/index.html',
  'dist/web/index.html.br',
  'dist/web/index.html.gz',
  'dist/ssr/entry-server.js',
];
const sources = [
  'web/features/profiles/ProfilePage.tsx',
  'shared/schemas.ts',
  'vite.config.ts',
  'package.json',
  'scripts/build/route-bundles.ts',
  'scripts/precompress.ts',
];

describe('npm start rebuilds when the build is missing or older than its sources', () => {
  let root: string;
  const write = (file: string, secondsAgo: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, '');
    const at = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(full, at, at);
    // A directory's own mtime moves when a file is added: keep it in the past.
    fs.utimesSync(path.dirname(full), new Date(0), new Date(0));
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-freshness-'));
    for (const file of sources) write(file, 100);
    for (const file of outputs) write(file, 50);
    for (const dir of ['web', 'web/features', 'shared', 'scripts', 'dist'])
      fs.utimesSync(path.join(root, dir), new Date(0), new Date(0));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('does not rebuild a build newer than every source', () => {
    expect(buildIsStale(root)).toBe(false);
  });

  it.each(outputs)('rebuilds when %s is missing', (output) => {
    fs.rmSync(path.join(root, output));
    expect(buildIsStale(root)).toBe(true);
  });

  it.each(sources)('rebuilds when %s changed after the build', (source) => {
    write(source, 10);
    expect(buildIsStale(root)).toBe(true);
  });

  it('rebuilds when only the server entry is older than a source', () => {
    write('dist/ssr/entry-server.js', 200);
    expect(buildIsStale(root)).toBe(true);
  });
});
