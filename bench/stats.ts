/**
 * The stats endpoint with 1,000,000 click events for one user (issue 15, decision 080):
 * `node bench/stats.ts` (SQLite) or `TEST_DATABASE_URL=… node bench/stats.ts postgres`.
 * Seeds one user with 200 codes and 1,000,000 clicks spread over 400 UTC days, through the
 * normal triggers (so the daily buckets are built as in production), then times
 * GET /api/me/stats?days=90 (the widest range) 1,000 times and prints p50/p99.
 */
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { newId } from '../server/db/ids.ts';
import { createSession, sessionCookieName } from '../server/plugins/session.ts';
import { createTestDatabase, testConfig } from '../server/test-support/test-app.ts';
import { insertTestUser } from '../server/test-support/test-users.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const EVENTS = Number(process.env.STATS_BENCH_EVENTS ?? 1_000_000);
const CODES = 200;
const DAYS = 400;
const REQUESTS = 1000;

const testDatabase = await createTestDatabase(kind);
const db = testDatabase.database.db;
try {
  const userId = await insertTestUser(db, { email: 'bench@example.com', username: 'bench' });
  const codeIds = Array.from({ length: CODES }, () => newId());
  const now = new Date().toISOString();
  await db
    .insertInto('codes')
    .values(
      codeIds.map((id, i) => ({
        id,
        user_id: userId,
        service: 'uber',
        product_name: null,
        code: `C${i}`,
        reward: '1',
        link: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const started = performance.now();
  const start = Date.now() - DAYS * 86_400_000;
  const BATCH = 2000;
  for (let done = 0; done < EVENTS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, EVENTS - done) }, (_, i) => {
      const n = done + i;
      return {
        code_id: codeIds[n % CODES]!,
        // In time order, as events arrive.
        clicked_at: new Date(start + Math.floor((n / EVENTS) * DAYS * 86_400_000)).toISOString(),
        visitor_hash: `v${n % 5000}`,
      };
    });
    await db.insertInto('clicks').values(rows).execute();
  }
  const seeded = (performance.now() - started) / 1000;
  if (kind === 'postgres') {
    // A million click triggers updated each code's row (its counter) 5,000 times: autovacuum
    // reclaims those dead rows in production soon after; do it now, not half-way through timing.
    await sql`vacuum analyze`.execute(db);
  }
  const buckets = await sql<{ n: number }>`select count(*) as n from daily_code_stats`.execute(db);
  console.log(
    `[${kind}] seeded ${EVENTS} clicks in ${seeded.toFixed(1)} s; ${buckets.rows[0]?.n} daily buckets`,
  );

  const config = testConfig({ RATE_LIMIT_SCALE: '1000' });
  const app = await buildApp(config, { database: testDatabase.database });
  await app.ready();
  const cookie = `${sessionCookieName(config)}=${await createSession(db, userId)}`;
  const times: number[] = [];
  let cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS + 50; i++) {
    // The CPU this process spends per request (SQLite runs in it) does not depend on how busy
    // the machine is; the wall-clock percentiles do.
    if (i === 50) cpu = process.cpuUsage();
    const t = performance.now();
    const response = await app.inject({ url: '/api/me/stats?days=90', headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`stats answered ${response.statusCode}`);
    if (i >= 50) times.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `[${kind}] GET /api/me/stats?days=90 x${REQUESTS}: p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${at(1).toFixed(2)} ms; CPU ${((used.user + used.system) / 1000 / REQUESTS).toFixed(2)} ms a request; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`,
  );
  await app.close();
} finally {
  await testDatabase.destroy();
}
