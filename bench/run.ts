/**
 * `npm run bench`: seeds a realistic database, starts the real server in production mode and a
 * bare Fastify ceiling, each in its own process, drives them from a load generator in a worker
 * thread (pinned: the bench on CPU 0, each server on CPU 1), and prints every target as MET or
 * MISSED (the ratios by CPU time per answer, decision 097), on SQLite and (when DATABASE_URL is set) on
 * PostgreSQL. Writes bench/results.json. See docs/PERFORMANCE.md and decision 041.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseReport, runColdOnly, runDatabase } from './database-run.ts';
import { type BenchDatabase, benchDatabases } from './databases.ts';
import { benchLinkHealth, linkHealthLines } from './link-health.ts';
import { PAIR_SECONDS, PAIRS } from './paired.ts';
import { PINNED, pinBenchToCpu0 } from './pinning.ts';
import { killAll } from './server-process.ts';
import { CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS } from './workloads.ts';
import { WRK } from './wrk.ts';

const root = path.resolve(import.meta.dirname, '..');

// The pages are rendered by the server build (dist/ssr): without it they would be the bare shell.
const built = ['dist/web/index.html', 'dist/web/.vite/manifest.json', 'dist/ssr/entry-server.js'];
if (!built.every((file) => fs.existsSync(path.join(root, file)))) {
  console.log('No complete build (dist/web and dist/ssr): running `npm run build` first…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; the bench needs it to measure the server-rendered pages.');
    process.exit(build.status ?? 1);
  }
}

pinBenchToCpu0();

const load = () => os.loadavg().map((value) => value.toFixed(2));
const loadBefore = load();

console.log(
  [
    `Refstash benchmark on ${os.cpus().length} CPU(s), Node ${process.version}; load average ${loadBefore.join(', ')} (1, 5, 15 min).`,
    WRK
      ? 'The server under test and the ceiling each run in their own process. Load: wrk (one thread) for every read, a child of this process; autocannon in a worker thread of this one for the clicks, whose every answer is awaited.'
      : 'wrk is not installed (apt-get install -y wrk): every workload runs on autocannon in a worker thread of this process, and the figures are not comparable with a wrk run.',
    PINNED
      ? 'Pinned (taskset): this process and its load generator on CPU 0; each server, ceiling and nginx on CPU 1.'
      : 'NOT pinned (no taskset or a single CPU): the servers and the load generator share the cores, and the CPU ratios are less steady.',
    "CPU per answer: the server process's user plus system time over the measured run (/proc/<pid>/stat), divided by its answers.",
    'The server runs with NODE_ENV=production; the bench supplies APP_URL, SESSION_SECRET, SMTP_URL and MAIL_FROM (no mail is sent),',
    'and starts it through bench/bench-server.ts, which lifts every rate limit in code (an unlimited limiter).',
    `Each workload: ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s at ${CONNECTIONS} connections; a ratio row ${PAIRS} pairs of its ceiling and itself, ${PAIR_SECONDS} s each (decision 120).`,
  ].join('\n'),
);

const reports: DatabaseReport[] = [];
const databases: BenchDatabase[] = await benchDatabases(process.env.DATABASE_URL);
// Interrupted: stop the servers and drop the databases before leaving.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    void Promise.allSettled(databases.map((database) => database.cleanup())).then(() =>
      process.exit(130),
    );
  });
}
if (process.env.BENCH_ONLY === 'cold') {
  // Only the cold renders and the memory they leave (decision 113): no report is written.
  try {
    for (const database of databases) await runColdOnly(database);
  } finally {
    for (const database of databases) await database.cleanup();
  }
  console.log(`\nLoad average after: ${load().join(', ')}.`);
  process.exit(0);
}
try {
  for (const database of databases) reports.push(await runDatabase(database));
} finally {
  for (const database of databases) await database.cleanup();
}

// The link-health job's database time (issue 28): its own seeded databases, after the load runs.
const linkHealth = await benchLinkHealth(process.env.DATABASE_URL);
console.log(`\n${linkHealthLines(linkHealth).join('\n')}`);

const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  loadAverage: { before: loadBefore, after: load() },
  rateLimits: 'lifted (bench/bench-server.ts: an unlimited limiter)',
  databases: reports,
  linkHealth,
};
fs.writeFileSync(
  path.join(import.meta.dirname, 'results.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log(
  `\nLoad average after: ${results.loadAverage.after.join(', ')}. Wrote bench/results.json`,
);
if (reports.some((report) => !report.checks.zeroLostIncrements.met)) {
  console.error('Lost increments: the sum of clicks does not match the 202 answers.');
  process.exit(1);
}
const missed = reports.flatMap((report) =>
  Object.entries(report.checks)
    .filter(([, check]) => !check.met)
    .map(([name]) => `${report.database} ${name}`),
);
console.log(missed.length ? `MISSED: ${missed.join(', ')}` : 'Every target MET.');
