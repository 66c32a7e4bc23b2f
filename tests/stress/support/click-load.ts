import { Agent, request } from 'undici';

/** A browser-like user agent: bot and script agents are answered but never counted. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) RefstashStress/1.0';

export interface LoadResult {
  /** Requests answered 202, per code. */
  accepted: Map<string, number>;
  acceptedTotal: number;
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
    statuses: new Map(),
    failures: new Map(),
  };
  const agent = new Agent({ connections: options.inFlight, pipelining: 1 });
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
        'user-agent': BROWSER_UA,
      };
      if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor(index);
      try {
        const response = await request(`${baseUrl}/api/codes/${codeId}/clicks`, {
          method: 'POST',
          headers,
          dispatcher: agent,
        });
        await response.body.dump();
        bump(result.statuses, response.statusCode);
        if (response.statusCode === 202) {
          bump(result.accepted, codeId);
          result.acceptedTotal += 1;
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
