/**
 * The benchmark's server: production's `serve()` with every rate limit lifted, so the load
 * measures the server, not the limiter. Lifted in code, not by a setting: production refuses
 * RATE_LIMIT_SCALE, and `server/main.ts` can never run this way.
 */
import { enableCompileCache } from 'node:module';
import type { RateLimiter } from '../server/plugins/rate-limiter.ts';

/** Allows every hit and keeps no state: no limit is ever reached. */
const unlimited: RateLimiter = {
  async hit() {
    return { allowed: true, retryAfter: 1 };
  },
  async close() {},
};

// As in server/main.ts: the compile cache must be on before the server's modules load.
enableCompileCache();
const { serve } = await import('../server/serve.ts');
await serve({ limiter: unlimited });
