import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { oncePer } from '../once-per.ts';

/**
 * The hottest statements run as named (prepared) statements on PostgreSQL: each connection
 * parses and plans them once instead of on every request. Measured on the benchmark's profile
 * lookup at 32 in flight: about 1.5 times the queries per second.
 *
 * Only statements registered here are named, so the set stays small and fixed (pg keeps every
 * name it prepared for the life of the connection). SQLite needs none of this: its statements are
 * kept prepared already (database.ts).
 */
const NAMES = new Map<string, string>();

/** Marks a compiled query's SQL text to run as a named statement on PostgreSQL. */
export function preparedOnPostgres<T extends CompiledQuery<unknown>>(compiled: T): T {
  if (!NAMES.has(compiled.sql)) {
    NAMES.set(
      compiled.sql,
      `rs_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`,
    );
  }
  return compiled;
}

/** Stands for the looked-up value in the compiled SQL's parameters. */
const VALUE_SLOT = '\u0000value\u0000';

/**
 * A hot lookup by one value (a profile by username, a service by id). Building and compiling
 * Kysely's query tree costs more than running such a lookup, so each database keeps the compiled
 * SQL (a named statement on PostgreSQL) and each call only swaps the value in. `build` writes the
 * query with `slot` where the value goes.
 */
export function compiledLookup<DB, Row>(
  build: (db: Kysely<DB>, slot: string) => { compile(): CompiledQuery<unknown> },
): (db: Kysely<DB>, value: string) => Promise<Row | undefined> {
  const compiled = oncePer((db: Kysely<DB>) =>
    preparedOnPostgres(build(db, VALUE_SLOT).compile() as CompiledQuery<Row>),
  );
  return async (db, value) => {
    const template = compiled(db);
    const parameters = template.parameters.map((p) => (p === VALUE_SLOT ? value : p));
    const result = await db.executeQuery<Row>({ ...template, parameters });
    return result.rows[0];
  };
}

type Query = pg.PoolClient['query'];
const WRAPPED = new WeakSet<pg.PoolClient>();

/** The pool as Kysely sees it, its clients running registered SQL texts as named statements. */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      if (!WRAPPED.has(client)) {
        WRAPPED.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((text: unknown, values?: unknown) => {
          const name = typeof text === 'string' ? NAMES.get(text) : undefined;
          return name ? query({ name, text, values }) : query(text, values);
        }) as Query;
      }
      return client as unknown as PostgresPoolClient;
    },
  };
}
