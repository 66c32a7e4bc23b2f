import { createHash, createHmac } from 'node:crypto';
import type { ClickRecorder } from './click-recorder.ts';

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

/** SHA-256 of the daily salt, the IP and the user agent: the raw IP is never stored. */
export function visitorHash(secret: string, at: Date, ip: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${dailySalt(secret, at)}\n${ip}\n${userAgent}`)
    .digest('hex');
}

export interface ClickInput {
  codeId: string;
  ip: string;
  userAgent: string | undefined;
  secret: string;
}

/**
 * Records a visitor's copy. Returns 'ignored' for bots, 'not-found' for an unknown code and
 * 'recorded' once the click is committed.
 */
export async function recordClick(
  recorder: ClickRecorder,
  { codeId, ip, userAgent, secret }: ClickInput,
): Promise<'recorded' | 'ignored' | 'not-found'> {
  if (isBotUserAgent(userAgent)) return 'ignored';
  const now = new Date();
  const stored = await recorder.record({
    codeId,
    clickedAt: now.toISOString(),
    visitorHash: visitorHash(secret, now, ip, userAgent ?? ''),
  });
  return stored ? 'recorded' : 'not-found';
}
