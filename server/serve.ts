import net, { type AddressInfo } from 'node:net';
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

function readConfig(overrides: Record<string, string> = {}): Config {
  try {
    return loadConfig({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * PORT=0 asks for any free port (the tests' real servers do, so two runs never collide). The port
 * is held with SO_REUSEPORT until the app listens on it too, so no other process can take it in
 * between; without APP_URL the origin is then this address and port (sign-in links, the CSRF
 * check).
 */
async function reservePort(host: string): Promise<net.Server> {
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen({ port: 0, host, reusePort: true }, resolve);
  });
  return holder;
}

/** Reads the config, prepares the database, listens, and stops gracefully on SIGTERM or SIGINT. */
export async function serve(options: ServeOptions = {}): Promise<void> {
  loadDotEnv();
  let config = readConfig();
  const reserved = config.port === 0 ? await reservePort(config.host) : undefined;
  if (reserved) {
    const { address, port } = reserved.address() as AddressInfo;
    const host = address.includes(':') ? `[${address}]` : address;
    config = readConfig({
      PORT: String(port),
      APP_URL: process.env.APP_URL || `http://${host}:${port}`,
    });
  }
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

  // Fastify passes its options on to Node's listen, reusePort included (not in its types).
  const listenOptions = { port: config.port, host: config.host, reusePort: reserved !== undefined };
  await app.listen(listenOptions);
  reserved?.close();
  // Tests read the address (and so the port) from this line.
  console.log(`Refstash is running at ${config.appUrl}`);
}
