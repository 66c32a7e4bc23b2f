import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { type ChangeFeed, postgresChangeFeed, sqliteChangeFeed } from './change-feed.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import type { DB } from './schema.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  /** PostgreSQL only: the schema in use when not the default. */
  readonly schema?: string;
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The feed of changes to public answers (decision 099), started on the first call. */
  changes(log: ChangeLog): ChangeFeed;
  close(): Promise<void>;
}

type ChangeLog = Parameters<typeof postgresChangeFeed>[1];

/** One feed per database, made when first asked for (a migration or command never needs it). */
function once(make: (log: ChangeLog) => ChangeFeed) {
  let feed: ChangeFeed | undefined;
  return {
    changes: (log: ChangeLog) => {
      feed ??= make(log);
      return feed;
    },
    close: () => feed?.close(),
  };
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;

/** Both dialects hand timestamps back as ISO strings and counts as numbers. */
function pgTypeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
    return (value: string) => new Date(oid === PG_TIMESTAMP ? `${value}Z` : value).toISOString();
  }
  if (oid === PG_INT8) return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, format ?? 'text');
}

/**
 * How much of the SQLite file is read through a memory map: just under 2 GiB, the most SQLite's
 * default build maps (SQLITE_MAX_MMAP_SIZE, 0x7fff0000). Beyond it pages are read as before. What
 * it changed at 100,000 profiles (1.4 GB) is in decision 082.
 */
const SQLITE_MMAP_BYTES = 0x7fff0000;

function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const handle = new SqliteDatabase(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  // WAL with NORMAL survives a process crash (SIGKILL); only an OS crash can lose the tail.
  handle.pragma('synchronous = NORMAL');
  // Reads through a memory map instead of a read() per page (decision 082).
  handle.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  return handle;
}

/** Distinct SQL texts kept prepared; the app issues far fewer, so the cache never churns. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and on SQLite preparing costs as much as running a small
 * indexed query (a CPU profile of the profile read showed 18% of the time in `prepare`). Reusing
 * statements is safe: the dialect runs one query at a time on this single connection.
 */
function withStatementCache(handle: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => handle.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = handle.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Database {
  if (config.kind === 'sqlite') {
    const handle = openSqlite(config.path);
    const checkpointer =
      config.path === ':memory:' ? undefined : startWalCheckpointer(handle, config.path);
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: withStatementCache(handle) }),
    });
    const feed = once(() => sqliteChangeFeed(handle));
    return {
      db,
      dialect: 'sqlite',
      changes: feed.changes,
      async ping() {
        try {
          handle.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        await feed.close();
        // The worker first: the app's connection, closing last, checkpoints what is left.
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    types: { getTypeParser: pgTypeParser as typeof pg.types.getTypeParser },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
  });
  const feed = once((log) => postgresChangeFeed(config.url, log));
  return {
    db,
    dialect: 'postgres',
    schema: options.schema,
    changes: feed.changes,
    async ping(timeoutMs = 1000) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        });
        const query = sql`select 1`.execute(db).then(() => true as const);
        return await Promise.race([query, timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await feed.close();
      await db.destroy();
    },
  };
}
