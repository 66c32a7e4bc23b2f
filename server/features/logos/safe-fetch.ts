import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { classifyAddress } from './blocked-addresses.ts';

export const LOGO_FETCH_LIMITS = Object.freeze({
  /** For the whole attempt: every redirect, connect and byte of the body. */
  timeoutMs: 3000,
  maxBytes: 512 * 1024,
  maxRedirects: 3,
});

/** A refused or failed logo fetch. The message is stored with the cached failure. */
export class LogoFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogoFetchError';
  }
}

export interface FetchPolicy {
  /**
   * Test-only (config.logoFetchAllowLoopback): the one `host:port` whose loopback addresses
   * may be reached, so a local stand-in site can serve icons. Redirects elsewhere, and every
   * other range, stay refused.
   */
  loopbackHost?: string;
  /**
   * Test-only (config.logoFetchCa): the PEM authority TLS trusts instead of the public roots, so
   * the https path runs against a local stand-in site with its own test CA.
   */
  ca?: string;
  /** The budget of the whole attempt; LOGO_FETCH_LIMITS.timeoutMs unless configured shorter. */
  timeoutMs?: number;
}

export interface FetchedImage {
  bytes: Buffer;
  contentType: string;
}

function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Resolves the host and checks EVERY address it resolves to (a name that also points inside
 * is refused as a whole, against DNS rebinding), then returns the one to connect to. This runs
 * in the connect step, so it covers redirects and IP literals alike.
 */
async function resolveAllowed(hostname: string, port: number, policy: FetchPolicy) {
  const host = bareHostname(hostname);
  const addresses = isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true, order: 'ipv4first' });
  const loopbackAllowed = policy.loopbackHost === `${host}:${port}`;
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict === 'blocked' || (verdict === 'loopback' && !loopbackAllowed)) {
      throw new LogoFetchError(`Refused to connect to a non-public address (${address})`);
    }
  }
  const first = addresses[0];
  if (!first) throw new LogoFetchError(`No address for ${host}`);
  return first.address;
}

/** An undici agent that connects only to addresses `resolveAllowed` lets through (also the link checker's). */
export function safeAgent(policy: FetchPolicy): Agent {
  const connect = buildConnector({
    timeout: policy.timeoutMs ?? LOGO_FETCH_LIMITS.timeoutMs,
    ...(policy.ca ? { ca: policy.ca } : {}),
  });
  return new Agent({
    connect(options, callback) {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      resolveAllowed(options.hostname, port, policy).then(
        (address) =>
          connect(
            {
              ...options,
              hostname: address,
              // Keep TLS verifying the name, not the address we connect to.
              servername:
                options.servername ??
                (isIP(bareHostname(options.hostname)) ? undefined : bareHostname(options.hostname)),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

/** `image/*` except SVG: a fetched SVG could carry script, and we only store raster PNGs. */
export function isRasterImageType(type: string): boolean {
  return type.startsWith('image/') && !type.startsWith('image/svg');
}

async function readCapped(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new LogoFetchError(`Logo is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs an image over http(s) under the SSRF rules of decisions.md: only http/https, every
 * resolved address checked at connect time, at most 3 redirects (each re-checked), 3 s in all
 * (pass one `signal` to share the budget across several URLs),
 * 512 KB at most, raster `image/*` only (else `Invalid logo type: {type}`).
 */
export async function fetchImageSafely(
  url: string,
  policy: FetchPolicy = {},
  signal: AbortSignal = AbortSignal.timeout(policy.timeoutMs ?? LOGO_FETCH_LIMITS.timeoutMs),
): Promise<FetchedImage> {
  const agent = safeAgent(policy);
  try {
    let current = new URL(url);
    for (let hop = 0; ; hop += 1) {
      if (current.protocol !== 'https:' && current.protocol !== 'http:') {
        throw new LogoFetchError(`Refused a ${current.protocol} URL`);
      }
      const response = await request(current, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: { accept: 'image/png,image/*;q=0.8', 'user-agent': 'RefstashLogoBot/1.0' },
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump();
        if (hop >= LOGO_FETCH_LIMITS.maxRedirects) throw new LogoFetchError('Too many redirects');
        current = new URL(String(location), current);
        continue;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new LogoFetchError(`Logo request answered ${response.statusCode}`);
      }
      const declared = Number(response.headers['content-length']);
      if (declared > LOGO_FETCH_LIMITS.maxBytes) {
        await response.body.dump();
        throw new LogoFetchError(`Logo is larger than ${LOGO_FETCH_LIMITS.maxBytes} bytes`);
      }
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      if (!isRasterImageType(contentType ?? '')) {
        await response.body.dump();
        throw new LogoFetchError(`Invalid logo type: ${contentType || 'none'}`);
      }
      const bytes = await readCapped(response.body, LOGO_FETCH_LIMITS.maxBytes);
      return { bytes, contentType: contentType ?? '' };
    }
  } catch (error) {
    if (error instanceof LogoFetchError) throw error;
    if (signal.aborted) throw new LogoFetchError('Logo request timed out');
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof LogoFetchError) throw cause;
    throw new LogoFetchError(`Logo request failed: ${(error as Error).message}`);
  } finally {
    await agent.close().catch(() => {});
  }
}
