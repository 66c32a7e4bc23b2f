/**
 * The link-health job's database time (issue 28, decision 111): `node bench/link-health.ts`, also
 * run by `npm run bench`. Seeds 200,000 codes, 20,000 of them listed with a link, then runs the
 * job with the network stubbed (every check answers at once: 1 in 10 links 404) until nothing is
 * due, and reports the time per 1,000 checked codes; then one run with nothing due, which costs
 * the same whatever the number of codes. On SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseConfig, loadConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/database.ts';
import { runLinkHealth } from '../server/features/link-health/link-health.service.ts';
import type { ProbeResult } from '../server/features/link-health/link-probe.ts';
import type { JobContext } from '../server/jobs/job.ts';
import { adminQuery } from './databases.ts';
import { seedBench } from './seed.ts';

const USERS = 20_000;
const CODES_PER_USER = 10;
const LISTED = 20_000;

export interface LinkHealthBenchRow {
  database: 'sqlite' | 'postgres';
  codes: number;
  listedLinks: number;
  runs: number;
  checked: number;
  /** The job's time with the network stubbed, per 1,000 checked codes. */
  msPer1000Codes: number;
  /** One run when nothing is due. */
  idleRunMs: number;
}

const stubProbe = async (link: string): Promise<ProbeResult> => ({
  kind: 'response',
  status: link.endsWith('0') ? 404 : 200,
  finalUrl: link,
  redirected: false,
});

async function measure(kind: 'sqlite' | 'postgres', config: DatabaseConfig) {
  await seedBench(config, {
    users: USERS,
    codesPerUser: CODES_PER_USER,
    clickEvents: 0,
    listed: { service: 'uber', users: LISTED },
  });
  const database = createDatabase(config);
  let clock = Date.parse('2026-06-01T00:00:00.000Z');
  const context: JobContext = {
    database,
    config: loadConfig({ NODE_ENV: 'test', APP_URL: 'https://refstash.example' }),
    now: () => clock,
    log: { info() {}, warn() {}, error() {} },
    notifyOwner: async () => {},
  };
  try {
    let runs = 0;
    let checked = 0;
    let ms = 0;
    for (;;) {
      clock += 61_000;
      const started = performance.now();
      const result = await runLinkHealth(context, stubProbe);
      if (result.checked === 0) break;
      ms += performance.now() - started;
      runs += 1;
      checked += result.checked;
    }
    clock += 61_000;
    const idleStarted = performance.now();
    await runLinkHealth(context, stubProbe);
    const idleRunMs = performance.now() - idleStarted;
    return {
      database: kind,
      codes: USERS * CODES_PER_USER,
      listedLinks: LISTED,
      runs,
      checked,
      msPer1000Codes: Number(((ms / checked) * 1000).toFixed(1)),
      idleRunMs: Number(idleRunMs.toFixed(1)),
    } satisfies LinkHealthBenchRow;
  } finally {
    await database.close();
  }
}

/** Both databases' rows; PostgreSQL in a database of its own on DATABASE_URL's server. */
export async function benchLinkHealth(
  postgresUrl: string | undefined,
): Promise<LinkHealthBenchRow[]> {
  const rows: LinkHealthBenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-bench-links-'));
  try {
    rows.push(await measure('sqlite', { kind: 'sqlite', path: path.join(dir, 'links.db') }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (postgresUrl?.startsWith('postgres')) {
    const url = new URL(postgresUrl);
    url.pathname = '/refstash_bench_links';
    await adminQuery(postgresUrl, 'drop database if exists refstash_bench_links with (force)');
    await adminQuery(postgresUrl, 'create database refstash_bench_links');
    try {
      rows.push(await measure('postgres', { kind: 'postgres', url: url.toString() }));
    } finally {
      await adminQuery(postgresUrl, 'drop database if exists refstash_bench_links with (force)');
    }
  }
  return rows;
}

/** One line per database, as `npm run bench` prints it. */
export function linkHealthLines(rows: readonly LinkHealthBenchRow[]): string[] {
  return rows.map(
    (row) =>
      `link health [${row.database}]: ${row.msPer1000Codes} ms of job time per 1,000 checked codes (network stubbed; ${row.checked.toLocaleString('en-US')} listed links of ${row.codes.toLocaleString('en-US')} codes in ${row.runs} runs); a run with nothing due: ${row.idleRunMs} ms`,
  );
}

if (import.meta.main) {
  const rows = await benchLinkHealth(process.env.DATABASE_URL);
  for (const line of linkHealthLines(rows)) console.log(line);
}
