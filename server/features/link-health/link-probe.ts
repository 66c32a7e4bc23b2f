import { request } from 'undici';
import { type FetchPolicy, LogoFetchError, safeAgent } from '../logos/safe-fetch.ts';

/** What one check of a link found, before the service's rules are applied. */
export type ProbeResult =
  | {
      kind: 'response';
      status: number;
      /** Where the last request went (after every redirect). */
      finalUrl: string;
      redirected: boolean;
    }
  | { kind: 'error'; outcome: ProbeError };

/**
 * Errors: `dns` (the name does not exist), `refused` (nothing listens), `blocked` (a non-public
 * address: no visitor can use it) count as failures; `timeout`, `redirects` (too many) and `error`
 * (anything else: TLS, a reset, a temporary DNS error) are inconclusive; `deferred` means the
 * host had its share of requests this minute and the link waits for a later run.
 */
export type ProbeError =
  | 'dns'
  | 'refused'
  | 'blocked'
  | 'timeout'
  | 'redirects'
  | 'error'
  | 'deferred';

/** Answers to a HEAD that mean "ask with GET instead". */
const HEAD_REFUSED = new Set([405, 501, 403]);
/** The bytes a fallback GET asks for (the answer's body is dropped past them). */
export const RANGE_BYTES = 1024;
/** Referral links often pass a tracker or two: a few more hops than a logo's 3. */
export const LINK_MAX_REDIRECTS = 5;

export interface ProbeOptions {
  /** `Refstash link checker (+APP_URL)`. */
  userAgent: string;
  /** The budget of each request chain (HEAD, then GET): the logo fetcher's 3 s. */
  timeoutMs: number;
  /** Test-only (LINK_CHECK_ALLOW_LOOPBACK): the link's own loopback `host:port` may be reached. */
  allowLoopback: boolean;
  /** Asked before every request, redirects included: false defers the link. */
  takeRequest(host: string): boolean;
}

class Deferred extends Error {}

const errorCode = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

const refusedAddress = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof LogoFetchError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

function classifyError(error: unknown, signal: AbortSignal): ProbeError {
  if (error instanceof Deferred) return 'deferred';
  if (refusedAddress(error)) {
    return String((error as Error).message ?? '').startsWith('No address') ? 'dns' : 'blocked';
  }
  const code = errorCode(error);
  if (code === 'ENOTFOUND') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (signal.aborted || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return 'timeout';
  }
  return 'error';
}

/**
 * Checks one link through the logo fetcher's SSRF-safe connector (decision 111): every address
 * of every hop is checked at connect time, private ranges refused. A `HEAD` first; where HEAD is
 * refused (405, 501, 403), a `GET` of the first 1,024 bytes (`Range: bytes=0-1023`). Redirects
 * are followed, up to 5, each hop asking `takeRequest` for its host.
 */
export async function probeLink(link: string, options: ProbeOptions): Promise<ProbeResult> {
  const start = new URL(link);
  const port = Number(start.port) || (start.protocol === 'https:' ? 443 : 80);
  const policy: FetchPolicy = {
    timeoutMs: options.timeoutMs,
    ...(options.allowLoopback ? { loopbackHost: `${start.hostname}:${port}` } : {}),
  };
  const agent = safeAgent(policy);
  const follow = async (method: 'HEAD' | 'GET'): Promise<ProbeResult> => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let current = start;
    try {
      for (let hop = 0; ; hop += 1) {
        if (current.protocol !== 'https:' && current.protocol !== 'http:') {
          return { kind: 'error', outcome: 'error' };
        }
        if (!options.takeRequest(current.hostname)) throw new Deferred();
        const response = await request(current, {
          method,
          dispatcher: agent,
          signal,
          headers: {
            'user-agent': options.userAgent,
            accept: '*/*',
            ...(method === 'GET' ? { range: `bytes=0-${RANGE_BYTES - 1}` } : {}),
          },
        });
        const location = response.headers.location;
        await response.body.dump({ limit: RANGE_BYTES });
        if (response.statusCode >= 300 && response.statusCode < 400 && location) {
          if (hop >= LINK_MAX_REDIRECTS) return { kind: 'error', outcome: 'redirects' };
          current = new URL(String(location), current);
          continue;
        }
        return {
          kind: 'response',
          status: response.statusCode,
          finalUrl: current.href,
          redirected: hop > 0,
        };
      }
    } catch (error) {
      return { kind: 'error', outcome: classifyError(error, signal) };
    }
  };
  try {
    const head = await follow('HEAD');
    if (head.kind === 'response' && HEAD_REFUSED.has(head.status)) return await follow('GET');
    return head;
  } finally {
    await agent.close().catch(() => {});
  }
}
