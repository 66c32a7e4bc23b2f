/**
 * `node bench/cold-renders.ts [N]`: the CPU a cold profile page costs, in this process, without
 * a network or a database (issue 25, decision 113). Renders N distinct 20-code profiles (default
 * 400) through the server's page renderer (dist/ssr, dist/web: `npm run build` first) and prints
 * CPU microseconds per page, broken down into render (React and the document) and compression,
 * for the way pages were made before decision 113 (the whole stylesheet inlined, brotli 6 and
 * gzip 9 on the request) and the way they are made now, alternating in the same run: the host is
 * shared and noisy, so compare the ratio. Pin it for steadier figures: `taskset -c 1 node …`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadPageRenderer } from '../server/features/pages/page-renderer.ts';
import type { ProfileDto } from '../shared/code-schemas.ts';
import type { RenderInput } from '../shared/page-render.ts';
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
  render: number;
  compress: number;
  total: number;
  brotliBytes: number;
  htmlBytes: number;
}

/** Now: the renderer as the server uses it (a miss per profile), and its parts timed apart. */
async function current(offset: number): Promise<Phase> {
  const renderer = await loadPageRenderer(webDist, ssrDist, 'production', 1 << 30);
  if (!renderer) throw new Error('no build: run `npm run build` first');
  // Warm up: the first renders load lazy chunks and JIT the components.
  for (let i = 0; i < 30; i++) await renderer.page(`warm${i}`, 200, input(offset - 1 - i));
  const start = cpu();
  let brotliBytes = 0;
  let htmlBytes = 0;
  for (let i = 0; i < count; i++) {
    const { page } = await renderer.page(`p${i}`, 200, input(offset + i));
    brotliBytes += page.brotli?.length ?? 0;
    htmlBytes += page.html.length;
  }
  const total = (cpu() - start) / count;
  const parts = renderer.stats?.();
  return {
    render: parts ? parts.renderMicros / parts.renders : Number.NaN,
    compress: parts ? parts.compressMicros / parts.renders : Number.NaN,
    total,
    brotliBytes: brotliBytes / count,
    htmlBytes: htmlBytes / count,
  };
}

/**
 * Before decision 113, emulated: the same render with the whole stylesheet inlined (the page is
 * rendered by the current renderer, then its inlined CSS swapped for the whole file), then brotli
 * at quality 6 and gzip at level 9, both on the request.
 */
async function before(offset: number, fullCss: string, publicCss: string): Promise<Phase> {
  const renderer = await loadPageRenderer(webDist, ssrDist, 'production', 1 << 30);
  if (!renderer) throw new Error('no build');
  for (let i = 0; i < 30; i++) {
    await renderer.page(`warm${i}`, 200, input(offset - 1 - i), { cached: false });
  }
  let render = 0;
  let compress = 0;
  let brotliBytes = 0;
  let htmlBytes = 0;
  for (let i = 0; i < count; i++) {
    const t0 = cpu();
    const { page } = await renderer.page(`p${i}`, 200, input(offset + i), { cached: false });
    const html = Buffer.from(page.html.toString().replace(publicCss, fullCss));
    const t1 = cpu();
    const br = brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
    gzipSync(html, { level: 9 });
    const t2 = cpu();
    render += t1 - t0;
    compress += t2 - t1;
    brotliBytes += br.length;
    htmlBytes += html.length;
  }
  return {
    render: render / count,
    compress: compress / count,
    total: (render + compress) / count,
    brotliBytes: brotliBytes / count,
    htmlBytes: htmlBytes / count,
  };
}

const { stylesheets } = await import('../server/features/pages/page-renderer.ts');
const css = stylesheets(webDist);
const results: Record<'before' | 'now', Phase[]> = { before: [], now: [] };
for (let round = 0; round < ROUNDS; round++) {
  const offset = 100_000 * (round + 1);
  results.before.push(await before(offset, css.full, css.publicPages));
  results.now.push(await current(offset + 50_000));
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
const row = (name: string, phases: Phase[]) =>
  `${name.padEnd(8)} ${median(phases.map((p) => p.total))
    .toFixed(0)
    .padStart(6)} µs  render ${median(phases.map((p) => p.render))
    .toFixed(0)
    .padStart(5)} µs  compress ${median(phases.map((p) => p.compress))
    .toFixed(0)
    .padStart(
      5,
    )} µs  html ${median(phases.map((p) => p.htmlBytes)).toFixed(0)} B  brotli ${median(phases.map((p) => p.brotliBytes)).toFixed(0)} B`;
console.log(
  `${count} distinct 20-code profiles a round, ${ROUNDS} rounds alternating; CPU per cold page (median of the rounds):`,
);
console.log(row('before', results.before));
console.log(row('now', results.now));
console.log(
  `ratio now/before: ${(median(results.now.map((p) => p.total)) / median(results.before.map((p) => p.total))).toFixed(3)}`,
);
