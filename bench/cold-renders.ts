/**
 * `node bench/cold-renders.ts [N]`: the CPU a cold profile page costs, in this process, without
 * a network or a database (issue 25, decision 113). Renders N distinct 20-code profiles (default
 * 400) through the server's page renderer (dist/ssr, dist/web: `npm run build` first) and prints
 * CPU microseconds per page, and apart its render (React and the document) and its compression,
 * the way pages were made before decision 113 (React's prerendering stream, the whole stylesheet
 * inlined, brotli 6 and gzip 9 on the request) and the way they are made now, alternating in the
 * same run: the host is shared and noisy, so compare the ratio. Pin it for steadier figures:
 * `taskset -c 1 node bench/cold-renders.ts`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type DocumentTemplate,
  parseTemplate,
  renderDocument,
} from '../server/features/pages/html-document.ts';
import { loadPageRenderer, stylesheets } from '../server/features/pages/page-renderer.ts';
import { encodedBody, type RenderedPage } from '../server/features/pages/rendered-pages.ts';
import type { ProfileDto } from '../shared/code-schemas.ts';
import type { RenderInput, RenderPage } from '../shared/page-render.ts';
import { EMPTY_IDENTITY } from '../shared/profile-identity.ts';
import { SERVICE_CATALOGUE } from '../shared/service-catalogue.ts';

// React's production build, as the server runs it (it is loaded with the server build, below).
process.env.NODE_ENV = 'production';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'dist/web');
const ssrDist = path.join(root, 'dist/ssr');
const count = Number(process.argv[2] ?? 400);
const ROUNDS = 5;

/** A profile as bench/seed.ts writes them: 20 codes of distinct services. */
function profile(u: number): ProfileDto {
  return {
    username: `bench${u}`,
    identity: EMPTY_IDENTITY,
    codes: Array.from({ length: 20 }, (_, c) => {
      const service = SERVICE_CATALOGUE[(u + c) % SERVICE_CATALOGUE.length]!;
      return {
        id: randomUUID(),
        service: service.id,
        serviceName: service.name,
        productName: null,
        code: `REF${u}X${c}`,
        reward: c % 3 === 0 ? `${10 + c}` : `Free month and $${c} credit`,
        link: `https://${service.domain}/invite/${u}-${c}`,
        createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + u * 1000 + c).toISOString(),
        expiresAt: null,
        countries: null,
      };
    }),
  };
}

const input = (u: number): RenderInput => ({
  url: `/bench${u}`,
  appUrl: 'https://refstash.example',
  page: { kind: 'profile', profile: profile(u) },
  imageVersion: 'v1',
});

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

interface Phase {
  /** CPU µs per page: the whole miss, its render (React and the document), its compression. */
  total: number;
  render: number;
  compress: number;
  htmlBytes: number;
  brotliBytes: number;
}

/** The CPU per item of `work` over `items` (one reading of the clock per loop: it costs ~20 µs). */
async function perItem<T>(items: readonly T[], work: (item: T) => unknown): Promise<number> {
  const start = cpu();
  for (const item of items) await work(item);
  return (cpu() - start) / items.length;
}

const indices = (offset: number) => Array.from({ length: count }, (_, i) => offset + i);
const average = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Now: the renderer as the server uses it, a miss per profile (brotli, as browsers ask). */
async function current(offset: number): Promise<Phase> {
  const renderer = await loadPageRenderer(webDist, ssrDist, 'production', 1 << 30);
  if (!renderer) throw new Error('no build: run `npm run build` first');
  // Warm up: the first renders load lazy chunks and JIT the components.
  for (let i = 0; i < 30; i++) await renderer.page(`warm${i}`, 200, input(offset - 1 - i));
  const pages: RenderedPage[] = [];
  const total = await perItem(indices(offset), async (u) => {
    pages.push((await renderer.page(`p${u}`, 200, input(u))).page);
  });
  // The same pages again, uncached: the render alone, then the compression alone.
  const fresh: RenderedPage[] = [];
  const render = await perItem(indices(offset + count), async (u) => {
    fresh.push((await renderer.page(`r${u}`, 200, input(u), { cached: false })).page);
  });
  const compress = await perItem(fresh, (page) => encodedBody(page, 'br'));
  renderer.close();
  return {
    total,
    render,
    compress,
    htmlBytes: average(fresh.map((page) => page.html?.length ?? 0)),
    brotliBytes: average(pages.map((page) => page.brotli?.length ?? 0)),
  };
}

/**
 * Before decision 113: the render through React's prerendering stream, the whole stylesheet
 * inlined in every page, then brotli at quality 6 and gzip at level 9, both on the request.
 */
async function before(offset: number, render: RenderPage, template: DocumentTemplate) {
  const document = async (u: number) =>
    Buffer.from(renderDocument(template, await render(input(u), { stream: true }), '', 'state'));
  for (let i = 0; i < 30; i++) await document(offset - 1 - i);
  const compressed = (html: Buffer) => {
    const brotli = brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
    gzipSync(html, { level: 9 });
    return brotli;
  };
  const brotliSizes: number[] = [];
  const total = await perItem(indices(offset), async (u) => {
    brotliSizes.push(compressed(await document(u)).length);
  });
  const htmls: Buffer[] = [];
  const renderMicros = await perItem(indices(offset + count), async (u) => {
    htmls.push(await document(u));
  });
  const compress = await perItem(htmls, compressed);
  return {
    total,
    render: renderMicros,
    compress,
    htmlBytes: average(htmls.map((html) => html.length)),
    brotliBytes: average(brotliSizes),
  };
}

const { render } = (await import(pathToFileURL(path.join(ssrDist, 'entry-server.js')).href)) as {
  render: RenderPage;
};
const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
const { full } = stylesheets(webDist);
const wholeStylesheet = parseTemplate(
  indexHtml.replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${full}</style>`),
  'data-env="production"',
);

const results: Record<'before' | 'now', Phase[]> = { before: [], now: [] };
for (let round = 0; round < ROUNDS; round++) {
  const offset = 1_000_000 * (round + 1);
  results.before.push(await before(offset, render, wholeStylesheet));
  results.now.push(await current(offset + 500_000));
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
const figure = (phases: Phase[], field: keyof Phase) => median(phases.map((phase) => phase[field]));
const row = (name: string, phases: Phase[]) =>
  [
    name.padEnd(7),
    `${figure(phases, 'total').toFixed(0).padStart(5)} µs a page`,
    `(render ${figure(phases, 'render').toFixed(0).padStart(5)} µs,`,
    `compress ${figure(phases, 'compress').toFixed(0).padStart(5)} µs)`,
    `html ${figure(phases, 'htmlBytes').toFixed(0)} B,`,
    `brotli ${figure(phases, 'brotliBytes').toFixed(0)} B`,
  ].join(' ');
console.log(
  `${count} distinct 20-code profiles a round, ${ROUNDS} rounds, before and now alternating; CPU per cold page, median of the rounds (load average ${os.loadavg()[0]!.toFixed(2)}):`,
);
console.log(row('before', results.before));
console.log(row('now', results.now));
const ratio = figure(results.now, 'total') / figure(results.before, 'total');
console.log(`now ÷ before: ${ratio.toFixed(3)} (${(1 / ratio).toFixed(1)} times cheaper)`);
