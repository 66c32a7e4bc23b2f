import { sql } from 'kysely';
import type { DatabaseConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/database.ts';
import { startCeiling } from './ceiling.ts';
import type { BenchDatabase } from './databases.ts';
import { type Seeded, seedBench } from './seed.ts';
import { type RunningServer, startProductionServer } from './server-process.ts';
import { type Measurement, measure, randomFrom, type Workload } from './workloads.ts';

/** The data set, and the two sizes of the growth check. */
const MAIN = { users: 10_000, codesPerUser: 20, clickEvents: 1_000_000 };
const SMALL = { users: 1_000, codesPerUser: 20, clickEvents: 0 };
const LARGE = { users: 100_000, codesPerUser: 20, clickEvents: 0 };

const TARGETS = { profileRatio: 0.5, clickRatio: 0.3, sqliteP99Ms: 25, growth: 1.25 };

interface Check {
  met: boolean;
  measured: number | string;
  target: string;
}

export interface DatabaseReport {
  database: 'sqlite' | 'postgres';
  seedSeconds: { main: number; small: number; large: number };
  profileBytes: number;
  workloads: Array<Measurement & { ratioToCeiling: number }>;
  growth: { p99At20kCodes: number; p99At2mCodes: number; ratio: number };
  checks: Record<'profileRatio' | 'clickRatio' | 'p99' | 'growth' | 'zeroLostIncrements', Check>;
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

const profileWorkload = (seeded: Seeded) => ({
  name: 'GET /api/profiles/:username',
  method: 'GET' as const,
  path: () => `/api/profiles/${randomFrom(seeded.usernames)}`,
});

/**
 * Copies of random codes, each by a new visitor (its own user agent): one visitor's repeat copy
 * of a code within 30 minutes is not counted (decision 024), and random codes repeat over a run.
 * `counted()` is how many answers said `counted: true` since `resetCounted()`.
 */
export function clickWorkload(baseUrl: string, seeded: Pick<Seeded, 'codeIds'>) {
  let counted = 0;
  let visitor = 0;
  const workload: Workload = {
    name: 'POST /api/codes/:id/clicks',
    method: 'POST',
    path: () => `/api/codes/${randomFrom(seeded.codeIds)}/clicks`,
    headers: () => ({
      origin: baseUrl,
      'user-agent': `Mozilla/5.0 (Refstash bench; visitor ${visitor++})`,
    }),
    onResponse: (status, body) => {
      if (status === 202 && (JSON.parse(body) as { counted: boolean }).counted) counted++;
    },
  };
  return {
    workload,
    counted: () => counted,
    resetCounted: () => {
      counted = 0;
    },
  };
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

function printTable(kind: string, rows: DatabaseReport['workloads']): void {
  console.log(`\n${kind}`);
  console.log('workload                          req/s     p50 ms   p99 ms   ratio');
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(32)} ${String(row.requestsPerSecond).padStart(6)} ${row.p50.toFixed(1).padStart(9)} ${row.p99.toFixed(1).padStart(8)} ${row.ratioToCeiling.toFixed(2).padStart(7)}`,
    );
  }
}

/** Seeds, measures the four workloads and the growth check on one database. */
export async function runDatabase(target: BenchDatabase): Promise<DatabaseReport> {
  console.log(
    `\n== ${target.kind}: seeding ${MAIN.users} users, ${MAIN.users * MAIN.codesPerUser} codes, ${MAIN.clickEvents} click events…`,
  );
  const seeded = await seedBench(target.config('main'), MAIN);
  console.log(`seeded in ${seeded.seconds.toFixed(1)} s`);

  const main = await withServer(target.serverEnv('main'), async (server) => {
    const sample = await fetch(`${server.url}/api/profiles/${seeded.usernames[0]}`).then((r) =>
      r.text(),
    );
    const ceiling = await startCeiling(sample);
    try {
      let clicksBefore = 0;
      const profile = await measure(server.url, profileWorkload(seeded));
      const clickLoad = clickWorkload(server.url, seeded);
      const clicks = await measure(server.url, clickLoad.workload, async () => {
        clicksBefore = await sumClicks(target.config('main'));
        clickLoad.resetCounted();
      });
      const clicksAfter = await sumClicks(target.config('main'));
      const html = await measure(server.url, {
        name: 'GET /:username (HTML)',
        method: 'GET',
        path: () => `/${randomFrom(seeded.usernames)}`,
      });
      const top = await measure(ceiling.url, {
        name: 'ceiling (bare Fastify)',
        method: 'GET',
        path: () => '/ceiling',
      });
      return {
        profileBytes: sample.length,
        profile,
        clicks,
        html,
        top,
        added: clicksAfter - clicksBefore,
        counted: clickLoad.counted(),
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
  const [atSmall, atLarge] = (await withServer(target.serverEnv('small'), (smallServer) =>
    withServer(target.serverEnv('large'), (largeServer) =>
      alternate([
        () => measure(smallServer.url, profileWorkload(small)),
        () => measure(largeServer.url, profileWorkload(large)),
      ]),
    ),
  )) as [Measurement, Measurement];

  const ceilingRps = main.top.requestsPerSecond;
  const workloads = [main.profile, main.clicks, main.html, main.top].map((m) => ({
    ...m,
    ratioToCeiling: Math.round((m.requestsPerSecond / ceilingRps) * 100) / 100,
  }));
  const [profile, clicks] = workloads as [
    DatabaseReport['workloads'][number],
    DatabaseReport['workloads'][number],
  ];
  const accepted = main.clicks.statuses['202'] ?? 0;
  const growthRatio = Math.round((atLarge.p99 / Math.max(atSmall.p99, 0.001)) * 100) / 100;
  const report: DatabaseReport = {
    database: target.kind,
    seedSeconds: { main: seeded.seconds, small: small.seconds, large: large.seconds },
    profileBytes: main.profileBytes,
    workloads,
    growth: { p99At20kCodes: atSmall.p99, p99At2mCodes: atLarge.p99, ratio: growthRatio },
    checks: {
      profileRatio: {
        met: profile.ratioToCeiling >= TARGETS.profileRatio,
        measured: profile.ratioToCeiling,
        target: `>= ${TARGETS.profileRatio}`,
      },
      clickRatio: {
        met: clicks.ratioToCeiling >= TARGETS.clickRatio,
        measured: clicks.ratioToCeiling,
        target: `>= ${TARGETS.clickRatio}`,
      },
      p99: {
        met: target.kind !== 'sqlite' || workloads.every((w) => w.p99 < TARGETS.sqliteP99Ms),
        measured: Math.max(...workloads.map((w) => w.p99)),
        target:
          target.kind === 'sqlite' ? `< ${TARGETS.sqliteP99Ms} ms (SQLite)` : 'none on PostgreSQL',
      },
      growth: {
        met: growthRatio <= TARGETS.growth,
        measured: growthRatio,
        target: `<= ${TARGETS.growth}`,
      },
      // Every click is a new visitor, so every 202 should say `counted: true`, and the counters
      // should have grown by exactly that many.
      zeroLostIncrements: {
        met: main.added === main.counted && main.counted === accepted,
        measured: `clicks +${main.added}, answers counted ${main.counted}, 202 answers ${accepted}`,
        target: 'equal',
      },
    },
  };
  printTable(`${target.kind} (profile body ${main.profileBytes} bytes)`, workloads);
  console.log(
    `growth (median of ${GROWTH_ROUNDS} alternating runs): profile p99 ${atSmall.p99} ms at 20,000 codes, ${atLarge.p99} ms at 2,000,000 codes (ratio ${growthRatio})`,
  );
  for (const [name, check] of Object.entries(report.checks)) {
    console.log(
      `${check.met ? 'MET   ' : 'MISSED'} ${name}: ${check.measured} (target ${check.target})`,
    );
  }
  return report;
}
