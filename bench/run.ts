/**
 * `npm run bench`: seeds a realistic database, starts the real server in production mode and a
 * bare Fastify ceiling, and measures four workloads against that ceiling, on SQLite and (when
 * DATABASE_URL is set) on PostgreSQL. Writes bench/results.json. See docs/PERFORMANCE.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseReport, runDatabase } from './database-run.ts';
import { type BenchDatabase, benchDatabases } from './databases.ts';
import { CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS } from './workloads.ts';

const root = path.resolve(import.meta.dirname, '..');

if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('Building the web app first…');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log(
  [
    `Refstash benchmark on ${os.cpus().length} CPU(s), Node ${process.version}.`,
    'The server runs with NODE_ENV=production; the bench supplies APP_URL, SESSION_SECRET, SMTP_URL and MAIL_FROM (no mail is sent),',
    'and starts it through bench/bench-server.ts, which lifts every rate limit in code (an unlimited limiter).',
    `Each workload: ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s at ${CONNECTIONS} connections.`,
  ].join('\n'),
);

const reports: DatabaseReport[] = [];
const databases: BenchDatabase[] = await benchDatabases(process.env.DATABASE_URL);
try {
  for (const database of databases) reports.push(await runDatabase(database));
} finally {
  for (const database of databases) await database.cleanup();
}

const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  rateLimits: 'lifted (bench/bench-server.ts: an unlimited limiter)',
  databases: reports,
};
fs.writeFileSync(
  path.join(import.meta.dirname, 'results.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log('\nWrote bench/results.json');
if (reports.some((report) => !report.checks.zeroLostIncrements.met)) {
  console.error('Lost increments: the sum of clicks does not match the 202 answers.');
  process.exit(1);
}
