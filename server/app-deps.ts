import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { RateLimiter } from './plugins/rate-limiter.ts';

/** What every feature's routes receive from buildApp. */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  readonly db: Kysely<DB>;
  readonly limiter: RateLimiter;
}
