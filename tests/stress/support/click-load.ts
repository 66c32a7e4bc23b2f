import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';

/** A browser-like user agent: bot and script agents are answered but never counted. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) RefstashStress/1.0';

/**
 * The server counts one copy per visitor (address and user agent) and code every 30 minutes, so
 * a load gives each request its own visitor by default: a user agent unique to the run and index.
 */
export function distinctVisitors(): (index: number) => string {
  const run = randomBytes(4).toString('hex');
  return (index) => `${BROWSER_UA} visitor/${run}.${index}`;
}

export interface LoadResult {
  /** Requests answered 202, per code. */
  accepted: Map<string, number>;
  acceptedTotal: number;
  /** Requests answered 202 `{ counted: true }` (stored), per code. */
  counted: Map<string, number>;
  countedTotal: number;
  statuses: Map<number, number>;
  /** Transport failures by error code (refused, reset…). */
  failures: Map<string, number>;
}

export interface LoadOptions {
  baseUrls: string[];
  codeIds: string[];
  /** Stop after this many requests (or when `signal` aborts). */
  total: number;
  inFlight: number;
  signal?: AbortSignal;
  /** Sent as X-Forwarded-For (the server must trust the proxy); per request index. */
  forwardedFor?: (index: number) => string;
  /** The user agent per request index; `distinctVisitors()` (a new visitor each) by default. */
  userAgent?: (index: number) => string;
  /** Called after each answer; lets a test act mid-load. */
  onAnswer?: (result: LoadResult) => void;
}

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Fires click requests over real HTTP with a fixed number in flight, round-robin over codes and servers. */
export async function runClickLoad(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    accepted: new Map(),
    acceptedTotal: 0,
    counted: new Map(),
    countedTotal: 0,
    statuses: new Map(),
    failures: new Map(),
  };
  const agent = new Agent({ connections: options.inFlight, pipelining: 1 });
  const userAgent = options.userAgent ?? distinctVisitors();
  let next = 0;
  const worker = async () => {
    for (;;) {
      if (options.signal?.aborted) return;
      const index = next++;
      if (index >= options.total) return;
      const codeId = options.codeIds[index % options.codeIds.length]!;
      const baseUrl = options.baseUrls[index % options.baseUrls.length]!;
      const headers: Record<string, string> = {
        origin: baseUrl,
        'user-agent': userAgent(index),
      };
      if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor(index);
      try {
        const response = await request(`${baseUrl}/api/codes/${codeId}/clicks`, {
          method: 'POST',
          headers,
          dispatcher: agent,
        });
        // The whole answer is read before it counts as one (a cut connection is a failure).
        let counted = false;
        if (response.statusCode === 202) {
          counted = ((await response.body.json()) as { counted: boolean }).counted;
        } else {
          await response.body.dump();
        }
        bump(result.statuses, response.statusCode);
        if (response.statusCode === 202) {
          bump(result.accepted, codeId);
          result.acceptedTotal += 1;
        }
        if (counted) {
          bump(result.counted, codeId);
          result.countedTotal += 1;
        }
      } catch (error) {
        bump(result.failures, (error as { code?: string }).code ?? String(error));
      }
      options.onAnswer?.(result);
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  await agent.close().catch(() => {});
  return result;
}
