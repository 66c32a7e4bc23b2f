import fs from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/database.ts';
import { testConfig } from '../server/test-support/test-app.ts';
import { startCeiling } from './ceiling.ts';
import type { BenchDatabase } from './databases.ts';
import { startNginx } from './nginx.ts';
import { measurePaired, type Paired } from './paired.ts';
import { memoryBytes } from './pinning.ts';
import { type Seeded, seedBench } from './seed.ts';
import {
  PAGE_CACHE_MB,
  PROFILE_CACHE_MB,
  type RunningServer,
  startProductionServer,
} from './server-process.ts';
import {
  answersOf,
  CONNECTIONS,
  type Measurement,
  measure,
  median,
  type WorkloadSpec,
} from './workloads.ts';

/**
 * The service page workload (issue 14, item 7): one service with 1,000 listed codes from 1,000
 * users, in every seeded database (so among 200,000, 20,000 and 2,000,000 codes).
 */
const SERVICE = 'uber';
const LISTED = { service: SERVICE, users: 1_000 };

/** The data set, and the two sizes of the growth check. */
const MAIN = { users: 10_000, codesPerUser: 20, clickEvents: 1_000_000, listed: LISTED };
const SMALL = { users: 1_000, codesPerUser: 20, clickEvents: 0, listed: LISTED };
const LARGE = { users: 100_000, codesPerUser: 20, clickEvents: 0, listed: LISTED };

/**
 * The profiles the page workload visits: the most visited profiles of a real day, as many as
 * one instance's render cache holds (2,000; server/features/pages/page-renderer.ts) and fewer.
 * Every page of all 10,000 is measured as well, for information.
 */
const HOT_PROFILES = 1_000;
/**
 * The calibration row: the JSON ceiling spending this much CPU on each request before it answers
 * (bench/ceiling-server.ts, `/ceiling/json-work/:microseconds`). Its ratio is what any server
 * reaches whose route costs that much more than a bare Fastify: on 2 cores each microsecond of
 * work also slows the kernel's side of the request (the load generator, now waiting, must be
 * woken for each answer).
 */
const WORK_MICROSECONDS = 20;

/** Share images rendered one at a time, each for a profile not drawn before (a cold render). */
const SHARE_IMAGE_SAMPLES = 20;

/**
 * The ratios are CPU ratios (decision 097): the ceiling's CPU time per answer over the server's,
 * each on a core of its own. Cold pages are compared by req/s with the page ceiling.
 */
const TARGETS = {
  profileRatio: 0.5,
  pageRatio: 0.4,
  pageP99Ms: 25,
  clickRatio: 0.3,
  coldPageRatio: 0.05,
  coldPageP99Ms: 50,
  firstHtmlBytes: 14_000,
  sqliteP99Ms: 25,
  growth: 1.25,
  shareImageMs: 150,
  serviceP99Ms: 25,
  serviceRatio: 0.3,
};

interface Check {
  met: boolean;
  measured: number | string;
  target: string;
}

/**
 * `ratioToCeiling` compares req/s; `cpuRatio` the ceiling's CPU per answer over the row's. A row
 * measured in pairs with its ceiling (decision 120) keeps each pair's CPU ratio too.
 */
type Row = Measurement & {
  ceiling: string;
  ratioToCeiling: number | null;
  cpuRatio: number | null;
  pairCpuRatios?: number[];
  cheapestCeilingCpuRatio?: number;
};

/** A row measured in pairs (decision 120): its ratios are the median of its pairs'. */
const pairedRow = (paired: Paired, ceiling: string): Row => ({
  ...paired.route,
  ceiling: `${ceiling}, pairs ${paired.pairCpuRatios.join(' ')}; cheapest reading ${paired.cheapestCeilingCpuRatio}`,
  ratioToCeiling: paired.ratioToCeiling,
  cpuRatio: paired.cpuRatio,
  pairCpuRatios: paired.pairCpuRatios,
  cheapestCeilingCpuRatio: paired.cheapestCeilingCpuRatio,
});

/** A ceiling's row: its readings' req/s, in the order measured. */
const ceilingRow = (m: Measurement, runs: number[]): Row => ({
  ...m,
  ceiling: `runs ${runs.join(', ')}`,
  ratioToCeiling: 1,
  cpuRatio: 1,
});

/** What the server's memory may grow by: every cache's byte budget, as the bench sets them. */
function cacheBudgetBytes(): number {
  const config = testConfig({ PAGE_CACHE_MB, PROFILE_CACHE_MB });
  const caches = Object.values(config.cacheBytes).reduce((a, b) => a + b, 0);
  return caches + config.viewDedupBytes;
}

export interface DatabaseReport {
  database: 'sqlite' | 'postgres';
  seedSeconds: { main: number; small: number; large: number };
  profileBytes: number;
  pageBytesBrotli: number;
  workloads: Row[];
  growth: { p99At20kCodes: number; p99At2mCodes: number; ratio: number };
  serviceGrowth: { p99At20kCodes: number; p99At2mCodes: number; ratio: number };
  serviceJsonBytes: number;
  servicePageBytesBrotli: number;
  shareImage: { firstInProcessMs: number; coldMs: number[]; medianMs: number; maxMs: number };
  /** The large server's anonymous memory (and its resident size with mapped files), in bytes. */
  memory: {
    baselineBytes: number;
    afterColdPagesBytes: number;
    residentAfterBytes: number;
    budgetBytes: number;
  };
  checks: Record<
    | 'profileRatio'
    | 'pageRatio'
    | 'pageP99'
    | 'clickRatio'
    | 'coldPageRatio'
    | 'coldPageP99'
    | 'firstHtmlSize'
    | 'memory'
    | 'sqliteP99'
    | 'growth'
    | 'zeroLostIncrements'
    | 'shareImageCold'
    | 'serviceJsonP99'
    | 'serviceJsonRatio'
    | 'servicePageP99'
    | 'servicePageRatio'
    | 'serviceGrowth',
    Check
  >;
}

async function sumClicks(config: DatabaseConfig): Promise<number> {
  const database = createDatabase(config, { poolSize: 1 });
  try {
    const row = await database.db
      .selectFrom('codes')
      .select(sql<number>`coalesce(sum(clicks), 0)`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  } finally {
    await database.close();
  }
}

/** One GET's status, headers and body bytes as sent (no decoding, unlike fetch). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: Buffer; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Asks for each page once, a few at a time, as a browser would: the hot profiles are in the
 * render cache before the page workload measures the steady state.
 */
async function prime(url: string, usernames: string[], path = (name: string) => `/${name}`) {
  const queue = [...usernames];
  const next = async (): Promise<void> => {
    const username = queue.pop();
    if (username === undefined) return;
    const answer = await rawGet(`${url}${path(username)}`, { 'accept-encoding': 'br, gzip' });
    if (answer.status !== 200) throw new Error(`${path(username)}: ${answer.status}`);
    return next();
  };
  await Promise.all(Array.from({ length: 4 }, next));
}

const GROWTH_ROUNDS = 3;

/**
 * Measures each size in turn, GROWTH_ROUNDS times, and keeps each one's median p99: on a shared
 * machine a burst of outside load then hits both sizes alike instead of deciding the ratio.
 */
async function alternate(runs: Array<() => Promise<Measurement>>): Promise<Measurement[]> {
  const seen: Measurement[][] = runs.map(() => []);
  for (let round = 0; round < GROWTH_ROUNDS; round++) {
    for (const [index, run] of runs.entries()) seen[index]!.push(await run());
  }
  return seen.map((list) => list.sort((a, b) => a.p99 - b.p99)[Math.floor(list.length / 2)]!);
}

const profileWorkload = (seeded: Seeded): WorkloadSpec => ({
  name: 'GET /api/profiles/:username',
  kind: 'profile-json',
  usernames: seeded.usernames,
});

/**
 * The growth check's profile workload (decision 117): the same working set in both databases,
 * 1,000 profiles spread over each (all of the small one's; every 100th of the large one's). It
 * asked for every profile at random before: 1,000 in the small database, all cached after their
 * first read, against 100,000 in the large one, nearly all database reads; that compared a cache
 * hit with a miss (ratios 3.88 and 6.44 on 2026-11-26), which is the cache's size, not the
 * data's. Cold reads of the large database are the cold-render row's.
 */
const GROWTH_PROFILES = 1_000;
const growthWorkload = (seeded: Seeded): WorkloadSpec => {
  const step = Math.max(1, Math.floor(seeded.usernames.length / GROWTH_PROFILES));
  const usernames = seeded.usernames.filter((_, i) => i % step === 0).slice(0, GROWTH_PROFILES);
  return {
    name: `GET /api/profiles/:username (${usernames.length.toLocaleString('en')} of ${seeded.usernames.length.toLocaleString('en')})`,
    kind: 'profile-json',
    usernames,
  };
};

/** Cold renders: every profile of the large database, few asked for twice. */
const coldWorkload = (large: Seeded): WorkloadSpec => ({
  name: `GET /:username, ${LARGE.users.toLocaleString('en')} profiles (br, cold)`,
  kind: 'page',
  usernames: large.usernames,
});

/** The page ceiling: a real 20-code profile page as a browser receives it (brotli). */
const CEILING_PAGE: WorkloadSpec = {
  name: 'ceiling, page-sized brotli HTML',
  kind: 'constant',
  path: '/ceiling/page',
  acceptEncoding: 'br, gzip',
};

/** Each view of a service is the next place in its rotation: the same address every time. */
const serviceJsonWorkload: WorkloadSpec = {
  name: `GET /api/services/${SERVICE}/codes (1,000)`,
  kind: 'constant',
  path: `/api/services/${SERVICE}/codes`,
};
const servicePageWorkload: WorkloadSpec = {
  name: `GET /s/${SERVICE}, 1,000 listed (br)`,
  kind: 'constant',
  path: `/s/${SERVICE}`,
  acceptEncoding: 'br, gzip',
};

/**
 * The service's JSON and page as a visitor gets them, checked: 1,000 listed codes, a page
 * rendered on the server with codes in it. Asking once also fills the instance's listing cache.
 */
async function sampleService(url: string) {
  const json = await rawGet(`${url}/api/services/${SERVICE}/codes`);
  const page = await rawGet(`${url}/s/${SERVICE}`, { 'accept-encoding': 'br, gzip' });
  const total =
    json.status === 200 ? (JSON.parse(json.body.toString()) as { total: number }).total : -1;
  if (total !== LISTED.users || page.status !== 200 || !page.type.startsWith('text/html')) {
    throw new Error(`service sample: JSON ${json.status} total ${total}, page ${page.status}`);
  }
  if (!/REF\d+X0/.test(brotliDecompressSync(page.body).toString())) {
    throw new Error('the service page is not server-rendered: run `npm run build`');
  }
  return { json: json.body, page: page.body };
}

/** Every answer of the route's runs must be a 200 (`allOk`). */
const okPairs = (paired: Paired): Paired => ({ ...paired, route: allOk(paired.route) });

/** Every answer of a measured run must be a 200: a fast error page would flatter the figures. */
function allOk(m: Measurement): Measurement {
  const ok = m.statuses['200'] ?? 0;
  if (ok !== answersOf(m) || m.errors > 0) {
    throw new Error(`${m.name}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
  }
  return m;
}

async function withServer<T>(
  env: Record<string, string>,
  run: (server: RunningServer) => Promise<T>,
) {
  const server = await startProductionServer(env);
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

function printTable(kind: string, rows: Row[]): void {
  console.log(`\n${kind}`);
  console.log(
    'workload                                    req/s   p50 ms   p99 ms  CPU µs/answer  req/s ratio  CPU ratio  (to ceiling)',
  );
  const fixed = (value: number | null) => (value === null ? '' : value.toFixed(2));
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(42)} ${String(row.requestsPerSecond).padStart(6)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${row.cpuPerAnswerUs.toFixed(1).padStart(14)} ${fixed(row.ratioToCeiling).padStart(12)} ${fixed(row.cpuRatio).padStart(10)}  ${row.ceiling}`,
    );
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Share images drawn one at a time, with no other load: first the process's first image (it
 * loads the fonts and the renderer), then SHARE_IMAGE_SAMPLES profiles never drawn before, each
 * a cold render (the image cache is keyed by the profile's content). Timed as the client sees it.
 */
async function shareImages(url: string, usernames: string[]) {
  const times: number[] = [];
  for (const username of usernames) {
    const answer = await rawGet(`${url}/api/share-images/profiles/${username}`);
    if (answer.status !== 200 || answer.type !== 'image/png') {
      throw new Error(`share image of ${username}: ${answer.status} ${answer.type}`);
    }
    times.push(Math.round(answer.ms * 10) / 10);
  }
  const [first, ...cold] = times as [number, ...number[]];
  return {
    firstInProcessMs: first,
    coldMs: cold,
    medianMs: median(cold),
    maxMs: Math.max(...cold),
  };
}

/** The server's memory as its own process sees it (bench/bench-server.ts writes it on SIGUSR2). */
export interface ProcessMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/**
 * Asks the server (bench/bench-server.ts) for `process.memoryUsage()` after a full garbage
 * collection: what the V8 heap holds, and what Buffers hold outside it (`arrayBuffers`).
 */
async function processMemory(server: RunningServer): Promise<ProcessMemory | undefined> {
  const file = `${server.memoryFile}`;
  fs.rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (fs.existsSync(file)) {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as ProcessMemory;
      } catch {
        // Still being written.
      }
    }
  }
  return undefined;
}

/**
 * Where the server's memory is after the cold pages: `anonymous` (RssAnon, read before anything
 * else: what the target counts), then after a full garbage collection the same figure again, the
 * V8 heap (used of committed) and what Buffers hold (the rendered pages' bytes are Buffers).
 */
async function memoryReport(server: RunningServer, anonymous: number): Promise<string> {
  const inside = await processMemory(server);
  const collected = memoryBytes(server.pid);
  const parts = [
    `${mib(anonymous)} MiB anonymous (RssAnon)`,
    `after a full GC ${mib(collected.anonymous)} MiB (${mib(collected.resident)} MiB resident with mapped files)`,
  ];
  if (inside) {
    parts.push(
      `V8 heap ${mib(inside.heapUsed)} MiB used of ${mib(inside.heapTotal)} committed`,
      `Buffers ${mib(inside.arrayBuffers)} MiB`,
      `the rest (code, stacks, malloc, SQLite's cache) ${mib(Math.max(0, collected.anonymous - inside.heapTotal - inside.arrayBuffers))} MiB`,
    );
  }
  return parts.join('; ');
}

/**
 * `BENCH_ONLY=cold npm run bench`: only the cold renders (issue 25, decision 113) and the memory
 * they leave, on each database: the 100,000-profile database, the page ceiling built from its
 * first profile's page, the cold run in pairs with it (decision 120), the memory.
 */
export async function runColdOnly(target: BenchDatabase): Promise<void> {
  console.log(
    `\n== ${target.kind}: seeding ${LARGE.users} users, ${LARGE.users * LARGE.codesPerUser} codes…`,
  );
  const large = await seedBench(target.config('large'), LARGE);
  console.log(`seeded in ${large.seconds.toFixed(1)} s`);
  await withServer(target.serverEnv('large'), async (server) => {
    const baseline = memoryBytes(server.pid).anonymous;
    console.log(`memory at start: ${await memoryReport(server, baseline)}`);
    const sample = await rawGet(`${server.url}/api/profiles/${large.usernames[0]}`);
    const page = await rawGet(`${server.url}/${large.usernames[0]}`, {
      'accept-encoding': 'br, gzip',
    });
    if (!brotliDecompressSync(page.body).toString().includes('REF0X19')) {
      throw new Error('the profile page is not server-rendered: run `npm run build`');
    }
    const ceiling = await startCeiling({
      profileJson: sample.body.toString(),
      pageBrotli: page.body,
      serviceJson: sample.body.toString(),
      servicePageBrotli: page.body,
    });
    try {
      const cold = okPairs(await measurePaired(server, coldWorkload(large), ceiling, CEILING_PAGE));
      const after = memoryBytes(server.pid).anonymous;
      const memoryAfter = await memoryReport(server, after);
      const row = pairedRow(cold, 'page');
      printTable(`${target.kind} (page ${page.body.length} bytes brotli)`, [
        row,
        ceilingRow(cold.ceiling, cold.ceilingRuns),
      ]);
      console.log(`memory after the cold run: ${memoryAfter}`);
      const budget = cacheBudgetBytes();
      const checks: Array<[string, boolean, string]> = [
        [
          'coldPageRatio',
          row.ratioToCeiling! >= TARGETS.coldPageRatio,
          `req/s ratio ${row.ratioToCeiling} (CPU ratio ${row.cpuRatio}; target >= ${TARGETS.coldPageRatio})`,
        ],
        [
          'coldPageP99',
          row.p99 < TARGETS.coldPageP99Ms,
          `${row.p99} ms (target < ${TARGETS.coldPageP99Ms} ms)`,
        ],
        [
          'firstHtmlSize',
          page.body.length < TARGETS.firstHtmlBytes,
          `${page.body.length} bytes brotli, as rendered (target < ${TARGETS.firstHtmlBytes})`,
        ],
        [
          'memory',
          after <= baseline + budget,
          `${mib(after)} MiB anonymous after the cold pages (target <= ${mib(baseline + budget)} MiB: ${mib(baseline)} at start + ${mib(budget)} of cache budgets)`,
        ],
      ];
      for (const [name, met, measured] of checks) {
        console.log(`${met ? 'MET   ' : 'MISSED'} ${name}: ${measured}`);
      }
    } finally {
      await ceiling.stop();
    }
  });
}

/** Seeds, then measures every workload, the ceilings and the growth check on one database. */
export async function runDatabase(target: BenchDatabase): Promise<DatabaseReport> {
  console.log(
    `\n== ${target.kind}: seeding ${MAIN.users} users, ${MAIN.users * MAIN.codesPerUser} codes, ${MAIN.clickEvents} click events…`,
  );
  const seeded = await seedBench(target.config('main'), MAIN);
  console.log(`seeded in ${seeded.seconds.toFixed(1)} s`);
  const hot = seeded.usernames.slice(0, HOT_PROFILES);

  const main = await withServer(target.serverEnv('main'), async (server) => {
    const sample = await rawGet(`${server.url}/api/profiles/${seeded.usernames[0]}`);
    const page = await rawGet(`${server.url}/${seeded.usernames[0]}`, {
      'accept-encoding': 'br, gzip',
    });
    if (sample.status !== 200 || page.status !== 200 || !page.type.startsWith('text/html')) {
      throw new Error(`sample answers: profile ${sample.status}, page ${page.status} ${page.type}`);
    }
    // The page must be the server-rendered one (the app's build is there), with its codes in it.
    if (!brotliDecompressSync(page.body).toString().includes('REF0X19')) {
      throw new Error('the profile page is not server-rendered: run `npm run build`');
    }
    const service = await sampleService(server.url);
    const ceiling = await startCeiling({
      profileJson: sample.body.toString(),
      pageBrotli: page.body,
      serviceJson: service.json.toString(),
      servicePageBrotli: service.page,
    });
    try {
      const ceilingJson: WorkloadSpec = {
        name: 'ceiling, profile-sized JSON',
        kind: 'constant',
        path: '/ceiling/json',
      };
      const ceilingServiceJson: WorkloadSpec = {
        name: 'ceiling, service-JSON-sized',
        kind: 'constant',
        path: '/ceiling/service-json',
      };
      const ceilingServicePage: WorkloadSpec = {
        name: 'ceiling, service-page-sized brotli',
        kind: 'constant',
        path: '/ceiling/service-page',
        acceptEncoding: 'br, gzip',
      };
      // Each ratio row is measured in pairs with its ceiling (decision 120); the rows for
      // information are compared with the ceiling's readings of those pairs.
      // The calibration is compared with the JSON ceiling's reading just before it.
      const calibrationCeiling = await measure(ceiling, ceilingJson);
      const calibration = await measure(ceiling, {
        name: `ceiling JSON + ${WORK_MICROSECONDS} µs of work (info)`,
        kind: 'constant',
        path: `/ceiling/json-work/${WORK_MICROSECONDS}`,
      });
      const nginx = await startNginx(page.body);
      const nginxPage = nginx
        ? await measure(nginx, {
            name: 'nginx, the page as a static file (info)',
            kind: 'constant',
            path: '/page',
            acceptEncoding: 'br, gzip',
          }).finally(() => nginx.stop())
        : undefined;
      const serviceJson = okPairs(
        await measurePaired(server, serviceJsonWorkload, ceiling, ceilingServiceJson),
      );
      const servicePage = okPairs(
        await measurePaired(server, servicePageWorkload, ceiling, ceilingServicePage),
      );
      // Each profile asked for once first, as the pages are (decision 117): the row measures the
      // cached read, which PROFILE_CACHE_MB holds for all 10,000; a first read is a cold one.
      await prime(server.url, seeded.usernames, (name) => `/api/profiles/${name}`);
      const profile = await measurePaired(server, profileWorkload(seeded), ceiling, ceilingJson);
      let clicksBefore = 0;
      const clicks = await measurePaired(
        server,
        {
          name: 'POST /api/codes/:id/clicks',
          kind: 'clicks',
          codeIds: seeded.codeIds,
          origin: server.url,
        },
        ceiling,
        ceilingJson,
        async () => {
          clicksBefore = await sumClicks(target.config('main'));
        },
      );
      const clicksAfter = await sumClicks(target.config('main'));
      await prime(server.url, hot);
      const hotPages = await measurePaired(
        server,
        {
          name: `GET /:username, ${HOT_PROFILES.toLocaleString('en')} profiles (br)`,
          kind: 'page',
          usernames: hot,
        },
        ceiling,
        CEILING_PAGE,
      );
      const allPages = await measure(server, {
        name: `GET /:username, all ${MAIN.users.toLocaleString('en')} (br; info)`,
        kind: 'page',
        usernames: seeded.usernames,
      });
      const images = await shareImages(server.url, [
        seeded.usernames[seeded.usernames.length - 1]!,
        ...seeded.usernames.slice(-SHARE_IMAGE_SAMPLES - 1, -1),
      ]);
      return {
        profileBytes: sample.body.length,
        pageBytesBrotli: page.body.length,
        // The cold row's ceiling, started again beside the large server, sends these bytes.
        ceilingBodies: {
          profileJson: sample.body.toString(),
          pageBrotli: page.body,
          serviceJson: service.json.toString(),
          servicePageBrotli: service.page,
        },
        profile,
        clicks,
        hotPages,
        allPages,
        calibration,
        calibrationCeiling,
        nginxPage,
        serviceJson,
        servicePage,
        serviceJsonBytes: service.json.length,
        servicePageBytesBrotli: service.page.length,
        images,
        added: clicksAfter - clicksBefore,
      };
    } finally {
      await ceiling.stop();
    }
  });

  console.log(
    `growth check: seeding ${SMALL.users * SMALL.codesPerUser} and ${LARGE.users * LARGE.codesPerUser} codes…`,
  );
  const small = await seedBench(target.config('small'), SMALL);
  const large = await seedBench(target.config('large'), LARGE);
  console.log(`seeded in ${small.seconds.toFixed(1)} s and ${large.seconds.toFixed(1)} s`);
  const [atSmall, atLarge, serviceAtSmall, serviceAtLarge, coldPages, memory] = (await withServer(
    target.serverEnv('small'),
    (smallServer) =>
      withServer(target.serverEnv('large'), async (largeServer) => {
        const baselineBytes = memoryBytes(largeServer.pid).anonymous;
        const profiles = await alternate([
          () => measure(smallServer, growthWorkload(small)),
          () => measure(largeServer, growthWorkload(large)),
        ]);
        // The same service page, 1,000 listed codes among 20,000 and among 2,000,000.
        await sampleService(smallServer.url);
        await sampleService(largeServer.url);
        const services = await alternate([
          async () => allOk(await measure(smallServer, servicePageWorkload)),
          async () => allOk(await measure(largeServer, servicePageWorkload)),
        ]);
        // Cold renders: 100,000 profiles, few asked for twice, in pairs with the page ceiling
        // (decision 120); then the memory they left.
        const ceiling = await startCeiling(main.ceilingBodies);
        const cold = okPairs(
          await measurePaired(largeServer, coldWorkload(large), ceiling, CEILING_PAGE).finally(() =>
            ceiling.stop(),
          ),
        );
        const after = memoryBytes(largeServer.pid);
        console.log(
          `${target.kind}: memory after the cold pages: ${await memoryReport(largeServer, after.anonymous)}`,
        );
        return [
          ...profiles,
          ...services,
          cold,
          {
            baselineBytes,
            afterColdPagesBytes: after.anonymous,
            residentAfterBytes: after.resident,
            budgetBytes: cacheBudgetBytes(),
          },
        ];
      }),
  )) as [Measurement, Measurement, Measurement, Measurement, Paired, DatabaseReport['memory']];

  const against = (m: Measurement, top: Measurement, ceiling: string): Row => ({
    ...m,
    ceiling,
    ratioToCeiling: round2(m.requestsPerSecond / top.requestsPerSecond),
    cpuRatio: round2(top.cpuPerAnswerUs / Math.max(m.cpuPerAnswerUs, 0.001)),
  });
  // The rows for information are compared with the ceiling's readings of the ratio rows' pairs.
  const topJson = main.profile.ceiling;
  const topPage = main.hotPages.ceiling;
  const toPage = (m: Measurement) => against(m, topPage, 'page');
  const serviceJson = pairedRow(main.serviceJson, 'service JSON');
  const servicePage = pairedRow(main.servicePage, 'service page');
  // Cold pages in pairs with a page ceiling of their own, beside the large server (decision 120).
  const coldPageRow = pairedRow(coldPages, 'page');
  const profile = pairedRow(main.profile, 'JSON');
  const clicks = pairedRow(main.clicks, 'JSON');
  const hotPages = pairedRow(main.hotPages, 'page');
  const workloads: Row[] = [
    profile,
    clicks,
    hotPages,
    toPage(main.allPages),
    coldPageRow,
    ceilingRow(
      { ...coldPages.ceiling, name: `${coldPages.ceiling.name} (cold row's)` },
      coldPages.ceilingRuns,
    ),
    ceilingRow(topJson, main.profile.ceilingRuns),
    against(main.calibration, main.calibrationCeiling, 'JSON, the reading just before'),
    ceilingRow(topPage, main.hotPages.ceilingRuns),
    ...(main.nginxPage ? [toPage(main.nginxPage)] : []),
    serviceJson,
    servicePage,
    ceilingRow(main.serviceJson.ceiling, main.serviceJson.ceilingRuns),
    ceilingRow(main.servicePage.ceiling, main.servicePage.ceilingRuns),
  ];
  const accepted = main.clicks.route.statuses['202'] ?? 0;
  const growthRatio = round2(atLarge.p99 / Math.max(atSmall.p99, 0.001));
  const serviceGrowthRatio = round2(serviceAtLarge.p99 / Math.max(serviceAtSmall.p99, 0.001));
  const targetWorkloads = [profile, clicks, hotPages];
  const report: DatabaseReport = {
    database: target.kind,
    seedSeconds: { main: seeded.seconds, small: small.seconds, large: large.seconds },
    profileBytes: main.profileBytes,
    pageBytesBrotli: main.pageBytesBrotli,
    workloads,
    growth: { p99At20kCodes: atSmall.p99, p99At2mCodes: atLarge.p99, ratio: growthRatio },
    serviceGrowth: {
      p99At20kCodes: serviceAtSmall.p99,
      p99At2mCodes: serviceAtLarge.p99,
      ratio: serviceGrowthRatio,
    },
    serviceJsonBytes: main.serviceJsonBytes,
    servicePageBytesBrotli: main.servicePageBytesBrotli,
    shareImage: main.images,
    memory,
    checks: {
      profileRatio: {
        met: profile.cpuRatio! >= TARGETS.profileRatio,
        measured: `CPU ratio ${profile.cpuRatio} (req/s ratio ${profile.ratioToCeiling})`,
        target: `CPU ratio >= ${TARGETS.profileRatio} (JSON ceiling)`,
      },
      pageRatio: {
        met: hotPages.cpuRatio! >= TARGETS.pageRatio,
        measured: `CPU ratio ${hotPages.cpuRatio} (req/s ratio ${hotPages.ratioToCeiling})`,
        target: `CPU ratio >= ${TARGETS.pageRatio} (page ceiling)`,
      },
      pageP99: {
        met: hotPages.p99 < TARGETS.pageP99Ms,
        measured: `${hotPages.p99} ms`,
        target: `< ${TARGETS.pageP99Ms} ms`,
      },
      clickRatio: {
        met: clicks.cpuRatio! >= TARGETS.clickRatio,
        measured: `CPU ratio ${clicks.cpuRatio} (req/s ratio ${clicks.ratioToCeiling})`,
        target: `CPU ratio >= ${TARGETS.clickRatio} (JSON ceiling)`,
      },
      coldPageRatio: {
        met: coldPageRow.ratioToCeiling! >= TARGETS.coldPageRatio,
        measured: `req/s ratio ${coldPageRow.ratioToCeiling} (CPU ratio ${coldPageRow.cpuRatio})`,
        target: `>= ${TARGETS.coldPageRatio} of the page ceiling's req/s (${LARGE.users.toLocaleString('en')} profiles)`,
      },
      coldPageP99: {
        met: coldPageRow.p99 < TARGETS.coldPageP99Ms,
        measured: `${coldPageRow.p99} ms`,
        target: `< ${TARGETS.coldPageP99Ms} ms (${LARGE.users.toLocaleString('en')} profiles, cold renders)`,
      },
      firstHtmlSize: {
        met: main.pageBytesBrotli < TARGETS.firstHtmlBytes,
        measured: `${main.pageBytesBrotli} bytes (brotli)`,
        target: `< ${TARGETS.firstHtmlBytes} bytes, a 20-code profile's first HTML compressed`,
      },
      memory: {
        met: memory.afterColdPagesBytes <= memory.baselineBytes + memory.budgetBytes,
        measured: `${mib(memory.afterColdPagesBytes)} MiB anonymous after the cold pages (${mib(memory.baselineBytes)} MiB at start; ${mib(memory.residentAfterBytes)} MiB resident with mapped files)`,
        target: `<= ${mib(memory.baselineBytes + memory.budgetBytes)} MiB: the start plus the caches' budgets (${mib(memory.budgetBytes)} MiB)`,
      },
      sqliteP99: {
        met: target.kind !== 'sqlite' || targetWorkloads.every((w) => w.p99 < TARGETS.sqliteP99Ms),
        measured:
          target.kind === 'sqlite'
            ? `${Math.max(...targetWorkloads.map((w) => w.p99))} ms`
            : 'not checked',
        target:
          target.kind === 'sqlite'
            ? `< ${TARGETS.sqliteP99Ms} ms for profile, clicks and page (SQLite)`
            : 'none on PostgreSQL',
      },
      growth: {
        met: growthRatio <= TARGETS.growth,
        measured: growthRatio,
        target: `<= ${TARGETS.growth}`,
      },
      // Every click is a new visitor, so every 202 should say `counted: true`, and the counters
      // should have grown by exactly that many.
      zeroLostIncrements: {
        met: main.added === clicks.counted && clicks.counted === accepted,
        measured: `clicks +${main.added}, answers counted ${clicks.counted}, 202 answers ${accepted}`,
        target: 'equal',
      },
      shareImageCold: {
        met: main.images.maxMs < TARGETS.shareImageMs,
        measured: `max ${main.images.maxMs} ms, median ${main.images.medianMs} ms of ${SHARE_IMAGE_SAMPLES} (process's first: ${main.images.firstInProcessMs} ms)`,
        target: `< ${TARGETS.shareImageMs} ms each`,
      },
      serviceJsonP99: {
        met: serviceJson.p99 < TARGETS.serviceP99Ms,
        measured: `${serviceJson.p99} ms`,
        target: `< ${TARGETS.serviceP99Ms} ms (1,000 listed codes, ${CONNECTIONS} connections)`,
      },
      serviceJsonRatio: {
        met: serviceJson.cpuRatio! >= TARGETS.serviceRatio,
        measured: `CPU ratio ${serviceJson.cpuRatio} (req/s ratio ${serviceJson.ratioToCeiling})`,
        target: `CPU ratio >= ${TARGETS.serviceRatio} (service-JSON ceiling)`,
      },
      servicePageP99: {
        met: servicePage.p99 < TARGETS.serviceP99Ms,
        measured: `${servicePage.p99} ms`,
        target: `< ${TARGETS.serviceP99Ms} ms (1,000 listed codes, ${CONNECTIONS} connections)`,
      },
      servicePageRatio: {
        met: servicePage.cpuRatio! >= TARGETS.serviceRatio,
        measured: `CPU ratio ${servicePage.cpuRatio} (req/s ratio ${servicePage.ratioToCeiling})`,
        target: `CPU ratio >= ${TARGETS.serviceRatio} (service-page ceiling)`,
      },
      serviceGrowth: {
        met: serviceGrowthRatio <= TARGETS.growth,
        measured: serviceGrowthRatio,
        target: `<= ${TARGETS.growth} (service page p99, 1,000 listed among 2,000,000 / among 20,000 codes)`,
      },
    },
  };
  printTable(
    `${target.kind} (profile JSON ${main.profileBytes} bytes; page ${main.pageBytesBrotli} bytes brotli; service JSON ${main.serviceJsonBytes} bytes; service page ${main.servicePageBytesBrotli} bytes brotli)`,
    workloads,
  );
  console.log(
    `growth (median of ${GROWTH_ROUNDS} alternating runs): profile p99 ${atSmall.p99} ms at 20,000 codes, ${atLarge.p99} ms at 2,000,000 codes (ratio ${growthRatio})`,
  );
  console.log(
    `growth (median of ${GROWTH_ROUNDS} alternating runs): service page p99 ${serviceAtSmall.p99} ms among 20,000 codes, ${serviceAtLarge.p99} ms among 2,000,000 (ratio ${serviceGrowthRatio})`,
  );
  for (const [name, check] of Object.entries(report.checks)) {
    console.log(
      `${check.met ? 'MET   ' : 'MISSED'} ${name}: ${check.measured} (target ${check.target})`,
    );
  }
  return report;
}
