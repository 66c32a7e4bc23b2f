/**
 * The benchmark's server: production's `serve()` with every rate limit lifted, so the load
 * measures the server, not the limiter. Lifted in code, not by a setting: production refuses
 * RATE_LIMIT_SCALE, and `server/main.ts` can never run this way.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RateLimiter } from '../server/plugins/rate-limiter.ts';

/** Allows every hit and keeps no state: no limit is ever reached. */
const unlimited: RateLimiter = {
  async hit() {
    return { allowed: true, retryAfter: 1 };
  },
  async close() {},
};

// `process.memoryUsage()` after a full collection, on SIGUSR2, into BENCH_MEMORY_FILE: the bench
// reports what the V8 heap and Buffers hold beside the resident size (decision 113).
const memoryFile = process.env.BENCH_MEMORY_FILE;
if (memoryFile) {
  // `gc` as `--expose-gc` would give it, without the flag on the command line.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  process.on('SIGUSR2', () => {
    collect();
    writeFileSync(`${memoryFile}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${memoryFile}.tmp`, memoryFile);
  });
}

// As in server/main.ts: the compile cache must be on before the server's modules load.
enableCompileCache();
const { serve } = await import('../server/serve.ts');
await serve({ limiter: unlimited });
