import type { Redis } from 'ioredis';
import { errors } from '../errors.ts';
import { ipv6Groups, ipv6Prefix64, mappedIPv4 } from '../http/client-network.ts';

/**
 * The key a per-IP limit counts under. An IPv4 address is itself; an IPv6 address is its /64,
 * since one subscriber usually holds a whole /64 and could otherwise take a fresh address for
 * every request (`2001:db8:0:0:1::1` and `2001:db8::1:0:0:1` → `2001:db8:0:0::/64`). An
 * IPv4-mapped address (`::ffff:1.2.3.4`, how a dual-stack socket reports an IPv4 client) is the
 * IPv4 address. Anything else is returned unchanged.
 */
export function ipKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return mappedIPv4(groups) ?? ipv6Prefix64(groups);
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

/** A fixed-window counter keyed by an arbitrary string (e-mail, IP, …). */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  close(): Promise<void>;
}

/** In-process counters: right for one instance; use Redis when several run. */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit,
        retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

/** Counters shared by every instance through Redis (INCR + PEXPIRE in one round trip). */
export function createRedisRateLimiter(redis: Redis, prefix = 'refstash:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const fullKey = prefix + key;
      const results = await redis
        .multi()
        .incr(fullKey)
        .pexpire(fullKey, windowMs, 'NX')
        .pttl(fullKey)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return {
        allowed: count <= limit,
        retryAfter: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)),
      };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Counts one hit against `key`; false when it is over `limit`. For a cap that leaves a request
 * answered but uncounted (a copy, a view: decision 093). `scale` multiplies the limit (config
 * RATE_LIMIT_SCALE; the benchmark raises it).
 */
export async function withinLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
  scale = 1,
): Promise<boolean> {
  return (await limiter.hit(key, Math.round(limit * scale), windowMs)).allowed;
}

/**
 * Counts one hit against `key` and throws a 429 (with Retry-After) when it is over `limit`.
 * `scale` multiplies the limit (config RATE_LIMIT_SCALE; the benchmark raises it).
 */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
  scale = 1,
): Promise<void> {
  const result = await limiter.hit(key, Math.round(limit * scale), windowMs);
  if (!result.allowed) throw errors.rateLimited(result.retryAfter);
}
