import { startServer, type TestServer } from '../../e2e/support/server.ts';

/** Settings for a server under load: quiet logs, limits raised (the load is not the abuse case). */
export const LOAD_ENV = { LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000', SEED_DEMO: '0' } as const;

export type Kind = 'sqlite' | 'postgres';

/** The real server (`node server/main.ts`) on SQLite at `sqlitePath`, or on PostgreSQL at `pgUrl`. */
export function startLoadServer(
  target: { sqlitePath?: string; pgUrl?: string },
  env: Record<string, string> = {},
): Promise<TestServer> {
  return startServer({
    ...LOAD_ENV,
    ...(target.sqlitePath ? { SQLITE_PATH: target.sqlitePath } : {}),
    ...(target.pgUrl ? { DATABASE_URL: target.pgUrl } : {}),
    ...env,
  });
}
