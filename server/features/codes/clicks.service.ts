import { createHash, createHmac } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { ipKey, type RateLimiter, withinLimit } from '../../plugins/rate-limiter.ts';
import type { ClickRecorder } from './click-recorder.ts';
import { type ClickOutcome, existingCodeIds } from './clicks.repository.ts';

/** Crawlers, link unfurlers and scripted HTTP clients: answered, never counted. */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|facebookexternalhit|embedly|preview|monitor|curl\/|wget\/|python-requests|python-urllib|go-http-client|java\/|okhttp|httpclient|axios\/|node-fetch|lighthouse|pingdom|uptime/i;

/** True for a missing user agent or one that names a bot or a scripted client. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  const trimmed = userAgent?.trim();
  if (!trimmed) return true;
  return BOT_USER_AGENT.test(trimmed);
}

let lastSalt = { key: '', salt: '' };

/** The salt rotates every UTC day, so hashes link visits within a day and never across days. */
export function dailySalt(secret: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const key = `${day}\n${secret}`;
  // Computed once a day, not on every click.
  if (lastSalt.key !== key) {
    const salt = createHmac('sha256', secret).update(`click-visitor:${day}`).digest('hex');
    lastSalt = { key, salt };
  }
  return lastSalt.salt;
}

/**
 * SHA-256 of the daily salt, the visitor's network and the user agent: the raw IP is never stored.
 * The network is `ipKey(ip)`: an IPv4 address, or an IPv6 /64, so a browser whose IPv6 privacy
 * address changes stays one visitor (decision 024).
 */
export function visitorHash(secret: string, at: Date, ip: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${dailySalt(secret, at)}\n${ipKey(ip)}\n${userAgent}`)
    .digest('hex');
}

/**
 * Copies of one code counted per network and hour (decision 093): loose, because a mobile
 * carrier puts thousands of people behind a few addresses; enough that one machine cycling
 * User-Agents cannot inflate a code's copies.
 */
export const COPY_NETWORK_CAP = { limit: 10, windowMs: 60 * 60_000 } as const;

export interface ClickInput {
  codeId: string;
  ip: string;
  /** `clientNetwork(request)`. */
  network: string;
  userAgent: string | undefined;
  secret: string;
}

export interface CopyCap {
  database: Database;
  limiter: RateLimiter;
  /** config.rateLimitScale. */
  scale: number;
}

/**
 * Records a visitor's copy. Returns 'ignored' for bots and for copies past the network's cap
 * (COPY_NETWORK_CAP), 'not-found' for an unknown code, 'repeat' when this visitor's copy of the
 * code was counted less than 30 minutes ago (nothing stored), and 'counted' once the click is
 * committed.
 */
export async function recordClick(
  recorder: ClickRecorder,
  cap: CopyCap,
  { codeId, ip, network, userAgent, secret }: ClickInput,
): Promise<ClickOutcome | 'ignored'> {
  if (isBotUserAgent(userAgent)) return 'ignored';
  const { limit, windowMs } = COPY_NETWORK_CAP;
  const key = `copies:network:${codeId}:${network}`;
  if (!(await withinLimit(cap.limiter, key, limit, windowMs, cap.scale))) {
    // Past the cap an unknown code is still a 404, never a silent 202.
    const known = await existingCodeIds(cap.database, [codeId]);
    return known.size === 1 ? 'ignored' : 'not-found';
  }
  const now = new Date();
  return recorder.record({
    codeId,
    clickedAt: now.toISOString(),
    visitorHash: visitorHash(secret, now, ip, userAgent ?? ''),
  });
}
