import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { RateLimiter } from './plugins/rate-limiter.ts';
import { prepareDatabase } from './startup.ts';

export interface ServeOptions {
  /**
   * Replaces the configured rate limiter. Only code can pass one (the benchmark's entry lifts
   * every limit this way); no environment variable can, so production's limits stay on.
   */
  limiter?: RateLimiter;
}

function loadDotEnv(): void {
  try {
    process.loadEnvFile('.env');
  } catch {
    // No .env file: the environment alone configures the app.
  }
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads the config, prepares the database, listens, and stops gracefully on SIGTERM or SIGINT. */
export async function serve(options: ServeOptions = {}): Promise<void> {
  loadDotEnv();
  const config = readConfig();
  const database = await prepareDatabase(config);
  const app = await buildApp(config, { database, limiter: options.limiter });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // close() stops accepting connections and waits for requests in flight.
      await app.close();
      if (options.limiter) await options.limiter.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Refstash is running at ${config.appUrl}`);
}
