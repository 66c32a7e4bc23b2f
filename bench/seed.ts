import { createHash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/database.ts';
import { newId } from '../server/db/ids.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import {
  refreshAllProfiles,
  setProfileTriggers,
} from '../server/db/migrations/2026-11-22-0052-profile-read-model.ts';
import { seedServices } from '../server/db/seed.ts';
import { SERVICE_CATALOGUE } from '../shared/service-catalogue.ts';

export interface SeedSize {
  users: number;
  codesPerUser: number;
  clickEvents: number;
  /**
   * The service page workload (issue 14): the first code of each of the first `users` users is
   * a code for `service`, listed on its page.
   */
  listed?: { service: string; users: number };
}

export interface Seeded {
  usernames: string[];
  codeIds: string[];
  seconds: number;
}

interface Row {
  user: [id: string, email: string, username: string, createdAt: string];
  codes: Array<
    [
      id: string,
      userId: string,
      service: string,
      code: string,
      reward: string,
      link: string,
      clicks: number,
      at: string,
      listed: 0 | 1,
    ]
  >;
}

/** Generates realistic rows; clicks are spread so `codes.clicks` equals the events per code. */
function* generate(size: SeedSize): Generator<Row> {
  const perCode = Math.floor(size.clickEvents / (size.users * size.codesPerUser));
  const extra = size.clickEvents % (size.users * size.codesPerUser);
  const base = Date.parse('2026-01-01T00:00:00Z');
  const domains = new Map(SERVICE_CATALOGUE.map((entry) => [entry.id, entry.domain]));
  const domainOf = (service: string) => domains.get(service) ?? `${service}.example.com`;
  let codeIndex = 0;
  for (let u = 0; u < size.users; u++) {
    const userId = newId();
    const username = `bench${u}`;
    const at = new Date(base + u * 1000).toISOString();
    const codes: Row['codes'] = [];
    for (let c = 0; c < size.codesPerUser; c++) {
      const listed = c === 0 && u < (size.listed?.users ?? 0);
      const service = listed
        ? size.listed!.service
        : SERVICE_CATALOGUE[(u + c) % SERVICE_CATALOGUE.length]!.id;
      const clicks = perCode + (codeIndex < extra ? 1 : 0);
      codeIndex++;
      codes.push([
        newId(),
        userId,
        service,
        `REF${u}X${c}`,
        c % 3 === 0 ? `${10 + c}` : `Free month and $${c} credit`,
        // On the service's own domain, so a listed code qualifies for its page (decision 094).
        `https://${domainOf(service)}/invite/${u}-${c}`,
        clicks,
        new Date(base + u * 1000 + c).toISOString(),
        listed ? 1 : 0,
      ]);
    }
    yield { user: [userId, `${username}@example.com`, username, at], codes };
  }
}

const visitorHash = (n: number) => createHash('sha256').update(String(n)).digest('hex');

/**
 * Migrates and seeds the catalogue, then pauses the profile read model's triggers (migration
 * 0052) for the bulk load: rebuilding a profile on each of 2,000,000 inserts would take minutes.
 */
async function migrate(config: DatabaseConfig): Promise<void> {
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    await seedServices(database);
    await setProfileTriggers(database.db, database.dialect, false);
  } finally {
    await database.close();
  }
}

/** After the bulk load: every profile built in one statement, and the triggers back on. */
async function buildProfiles(config: DatabaseConfig): Promise<void> {
  const database = createDatabase(config);
  try {
    await refreshAllProfiles(database.dialect).execute(database.db);
    await setProfileTriggers(database.db, database.dialect, true);
    // The rebuild rewrote every users row; PostgreSQL reclaims the old versions.
    if (database.dialect === 'postgres') await sql`vacuum analyze users`.execute(database.db);
  } finally {
    await database.close();
  }
}

function seedSqlite(path: string, size: SeedSize, out: Seeded): void {
  const db = new SqliteDatabase(path);
  db.pragma('journal_mode = WAL');
  const user = db.prepare(
    'insert into users (id, email, username, created_at, last_login_at) values (?, ?, ?, ?, ?)',
  );
  const code = db.prepare(
    'insert into codes (id, user_id, service, product_name, code, reward, link, clicks, created_at, updated_at, listed) values (?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?)',
  );
  const click = db.prepare(
    'insert into clicks (code_id, clicked_at, visitor_hash) values (?, ?, ?)',
  );
  let n = 0;
  db.transaction(() => {
    for (const row of generate(size)) {
      user.run(...row.user, row.user[3]);
      out.usernames.push(row.user[2]);
      for (const [id, userId, service, text, reward, link, clicks, at, listed] of row.codes) {
        // The click trigger (migration 0051) counts the events inserted below; the listing
        // trigger (migration 0070) bumps the service's listing_rev for each listed code (an
        // update of one row in this transaction: cheap on SQLite).
        code.run(id, userId, service, text, reward, link, 0, at, at, listed);
        out.codeIds.push(id);
        for (let k = 0; k < clicks; k++) click.run(id, at, visitorHash(n++));
      }
    }
  })();
  db.close();
}

const BATCH = 5_000;

async function seedPostgres(url: string, size: SeedSize, out: Seeded): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // Bulk load: codes arrive with their final counts, so the per-row click trigger
    // (migration 0051) is paused for this transaction's inserts.
    await client.query('alter table clicks disable trigger user');
    let users: string[][] = [[], [], [], []];
    // Listed codes arrive listed: the per-row listing trigger (migration 0070) would update the
    // service's row once per listed code; it is paused here and the revision bumped once below.
    await client.query('alter table codes disable trigger codes_listing_after_insert');
    let codes: Array<Array<string | number>> = Array.from({ length: 9 }, () => []);
    let clicks: string[][] = [[], [], []];
    let n = 0;
    const flush = async () => {
      if (users[0]!.length) {
        await client.query(
          'insert into users (id, email, username, created_at, last_login_at) select a, b, c, d::timestamptz, d::timestamptz from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(a, b, c, d)',
          users,
        );
      }
      if (codes[0]!.length) {
        await client.query(
          'insert into codes (id, user_id, service, code, reward, link, clicks, created_at, updated_at, listed) select a, b, c, d, e, f, g, h::timestamptz, h::timestamptz, i from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::int[]) as t(a, b, c, d, e, f, g, h, i)',
          codes,
        );
      }
      if (clicks[0]!.length) {
        await client.query(
          'insert into clicks (code_id, clicked_at, visitor_hash) select a, b::timestamptz, c from unnest($1::text[], $2::text[], $3::text[]) as t(a, b, c)',
          clicks,
        );
      }
      users = [[], [], [], []];
      codes = Array.from({ length: 9 }, () => []);
      clicks = [[], [], []];
    };
    for (const row of generate(size)) {
      for (const [i, value] of row.user.entries()) users[i]!.push(value);
      out.usernames.push(row.user[2]);
      for (const values of row.codes) {
        for (const [i, value] of values.entries()) codes[i]!.push(value);
        out.codeIds.push(values[0]);
        for (let k = 0; k < values[6]; k++) {
          clicks[0]!.push(values[0]);
          clicks[1]!.push(values[7]);
          clicks[2]!.push(visitorHash(n++));
        }
      }
      if (codes[0]!.length >= BATCH || clicks[0]!.length >= BATCH) await flush();
    }
    await flush();
    await client.query('alter table clicks enable trigger user');
    await client.query('alter table codes enable trigger codes_listing_after_insert');
    if (size.listed) {
      await client.query('update services set listing_rev = listing_rev + 1 where id = $1', [
        size.listed.service,
      ]);
    }
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Migrates an empty database, then bulk-inserts users, codes and click events in one transaction. */
export async function seedBench(config: DatabaseConfig, size: SeedSize): Promise<Seeded> {
  const started = performance.now();
  await migrate(config);
  const out: Seeded = { usernames: [], codeIds: [], seconds: 0 };
  if (config.kind === 'sqlite') seedSqlite(config.path, size, out);
  else await seedPostgres(config.url, size, out);
  await buildProfiles(config);
  out.seconds = (performance.now() - started) / 1000;
  return out;
}
