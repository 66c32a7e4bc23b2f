/**
 * CI guard: PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL) must answer. With CI=true a
 * missing or unreachable service is a failure, never a skipped suite.
 */
import { Redis } from 'ioredis';
import pg from 'pg';

const problems: string[] = [];
const ci = process.env.CI === 'true';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('select version()');
    console.log(`PostgreSQL OK: ${rows[0]?.version.split(',')[0]}`);
  } catch (error) {
    problems.push(`PostgreSQL at TEST_DATABASE_URL is unreachable: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
} else if (ci) {
  problems.push('TEST_DATABASE_URL is not set');
}

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
  });
  try {
    await redis.connect();
    console.log(`Redis OK: ${await redis.ping()}`);
  } catch (error) {
    problems.push(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
} else if (ci) {
  problems.push('REDIS_URL is not set');
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`ERROR: ${problem}`);
  process.exit(1);
}
