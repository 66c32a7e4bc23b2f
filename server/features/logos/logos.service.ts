import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isKnownService } from '../../../shared/known-services.ts';
import { LOGO_SIZES, type LogoSize } from '../../../shared/limits.ts';
import type { LogoAnswer } from '../../../shared/service-schemas.ts';
import type { DB, LogoRow } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { brandSvg } from './brand-icons.ts';
import { findFreshLogo, saveLogo } from './logos.repository.ts';
import { toPngLogo } from './png-logo.ts';
import {
  type FetchPolicy,
  fetchImageSafely,
  LOGO_FETCH_LIMITS,
  LogoFetchError,
} from './safe-fetch.ts';

export type { LogoAnswer } from '../../../shared/service-schemas.ts';

export interface LogoQuery {
  serviceId: string;
  width: number;
  height: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** A site's icon rarely changes; refresh it monthly. */
const SUCCESS_TTL_MS = 30 * DAY_MS;
/** An unreachable site costs one attempt a day (decisions.md). */
const FAILURE_TTL_MS = DAY_MS;

/** The site icons tried in order (sharing one 3 s budget): the touch icon, then the favicon. */
const ICON_PATHS = ['/apple-touch-icon.png', '/favicon.ico'] as const;

const noLogo = () => errors.notFound('No logo for this service');

/**
 * The size a request is served at: the smallest of LOGO_SIZES that covers both sides, else the
 * largest. A fetched logo is made, stored and keyed only at these sizes, so odd sizes add no
 * cache row and no network fetch.
 */
export function logoSize(width: number, height: number): LogoSize {
  const wanted = Math.max(width, height);
  return LOGO_SIZES.find((size) => size >= wanted) ?? LOGO_SIZES[LOGO_SIZES.length - 1] ?? 400;
}

function cacheKey({ serviceId, width, height }: LogoQuery): string {
  return `service:${serviceId}:${logoSize(width, height)}`;
}

function answerFromRow(row: LogoRow): LogoAnswer | null {
  if (row.error !== null || (!row.logo_data && !row.logo_url)) return null;
  return { logoData: row.logo_data, logoType: row.logo_type, logoUrl: row.logo_url };
}

/**
 * Primary lookup (known-map ids only): the bundled brand SVG in its colour, else a cached logo.
 */
export async function primaryLookup(db: Kysely<DB>, query: LogoQuery): Promise<LogoAnswer> {
  if (!isKnownService(query.serviceId)) throw noLogo();
  const svg = await brandSvg(query.serviceId, query.width, query.height);
  if (svg) {
    return {
      logoData: Buffer.from(svg).toString('base64'),
      logoType: 'image/svg+xml',
      logoUrl: null,
    };
  }
  const cached = await findFreshLogo(db, cacheKey(query), new Date().toISOString());
  const answer = cached && answerFromRow(cached);
  if (!answer) throw noLogo();
  return answer;
}

export interface SecondaryDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** When the stand-in test site may be reached on loopback (never in production). */
  allowLoopback: boolean;
  /** Test-only: the authority the stand-in site's certificate is signed by (never in production). */
  ca?: string | undefined;
  /** The budget of one site's fetch, both icons together (3 s unless configured shorter). */
  timeoutMs: number;
  /** The most rows the cache keeps (LOGO_CACHE_MB). */
  maxRows: number;
  /** Called once before a network fetch: the route's rate limits (per IP and in all). */
  beforeNetworkFetch: () => Promise<void>;
}

/** Concurrent lookups of one uncached logo share one network attempt (per instance). */
const inFlight = new Map<string, Promise<LogoRow>>();

async function fetchSiteLogo(domain: string, query: LogoQuery, policy: FetchPolicy) {
  // https always: the tests' local stand-in site too, with a certificate from a test authority.
  const origin = `https://${domain}`;
  const signal = AbortSignal.timeout(policy.timeoutMs ?? LOGO_FETCH_LIMITS.timeoutMs);
  let lastError: unknown;
  for (const path of ICON_PATHS) {
    if (signal.aborted) break;
    try {
      const image = await fetchImageSafely(`${origin}${path}`, policy, signal);
      const size = logoSize(query.width, query.height);
      return await toPngLogo(image.bytes, image.contentType, size, size);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError ?? new LogoFetchError('Logo request timed out');
}

async function fetchAndCache(deps: SecondaryDeps, domain: string, query: LogoQuery) {
  const now = Date.now();
  const base = { cache_key: cacheKey(query), service_id: query.serviceId };
  let row: LogoRow;
  try {
    const policy: FetchPolicy = {
      timeoutMs: deps.timeoutMs,
      ...(deps.allowLoopback ? { loopbackHost: domain } : {}),
      ...(deps.ca ? { ca: deps.ca } : {}),
    };
    const png = await fetchSiteLogo(domain, query, policy);
    row = {
      ...base,
      logo_data: png.toString('base64'),
      logo_type: 'image/png',
      logo_url: null,
      error: null,
      fetched_at: new Date(now).toISOString(),
      expires_at: new Date(now + SUCCESS_TTL_MS).toISOString(),
    };
  } catch (error) {
    const message = error instanceof LogoFetchError ? error.message : 'Logo fetch failed';
    if (!(error instanceof LogoFetchError)) deps.log.warn({ err: error }, 'logo fetch failed');
    row = {
      ...base,
      logo_data: null,
      logo_type: null,
      logo_url: null,
      error: message,
      fetched_at: new Date(now).toISOString(),
      expires_at: new Date(now + FAILURE_TTL_MS).toISOString(),
    };
  }
  await saveLogo(deps.db, row, { now: new Date(now).toISOString(), maxRows: deps.maxRows });
  return row;
}

/**
 * Secondary lookup (any service in the catalogue): the cache, else the service's own site icon
 * fetched under the SSRF rules. Failures are cached for a day like successes.
 */
export async function secondaryLookup(deps: SecondaryDeps, query: LogoQuery): Promise<LogoAnswer> {
  const service = await deps.db
    .selectFrom('services')
    .select('domain')
    .where('id', '=', query.serviceId)
    .executeTakeFirst();
  if (!service) throw noLogo();
  const key = cacheKey(query);
  let row = await findFreshLogo(deps.db, key, new Date().toISOString());
  if (!row) {
    let pending = inFlight.get(key);
    if (!pending) {
      await deps.beforeNetworkFetch();
      pending = fetchAndCache(deps, service.domain, query).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    row = await pending;
  }
  const answer = answerFromRow(row);
  if (!answer) throw noLogo();
  return answer;
}
