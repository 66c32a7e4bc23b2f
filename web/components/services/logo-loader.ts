import { isKnownService } from '../../../shared/known-services.ts';
import type { LogoSize } from '../../../shared/limits.ts';
import type { LogoAnswer } from '../../../shared/service-schemas.ts';
import { api } from '../../lib/api-client.ts';

export type { LogoAnswer };

export type LogoResult = { status: 'loaded'; src: string } | { status: 'failed'; error: unknown };

/**
 * One size for every logo on a page, so a service is fetched once however many sizes it is
 * drawn at: 160 px covers the largest logo (80 px) on a 2× screen. It is one of the server's
 * sizes (LOGO_SIZES), so the request maps onto a cached logo as it is.
 */
export const LOGO_REQUEST_SIZE: LogoSize = 160;

/**
 * Spec §4: logoData with logoType becomes a data URI, else logoUrl; a type that is not an
 * image is refused with 'Invalid logo type: {type}'.
 */
export function logoSource(answer: LogoAnswer): string {
  if (answer.logoData && answer.logoType) {
    if (!answer.logoType.startsWith('image/')) {
      throw new Error(`Invalid logo type: ${answer.logoType}`);
    }
    return `data:${answer.logoType};base64,${answer.logoData}`;
  }
  if (answer.logoUrl && /^https?:\/\//i.test(answer.logoUrl)) return answer.logoUrl;
  throw new Error('The logo lookup returned no logo');
}

async function lookup(endpoint: 'lookup' | 'service', serviceId: string): Promise<string> {
  const query = new URLSearchParams({
    serviceId,
    width: String(LOGO_REQUEST_SIZE),
    height: String(LOGO_REQUEST_SIZE),
  });
  return logoSource(await api<LogoAnswer>('GET', `/api/logos/${endpoint}?${query}`));
}

/** Spec §4: a known id tries the primary lookup, then the secondary; others only the secondary. */
async function resolveLogo(serviceId: string): Promise<LogoResult> {
  if (isKnownService(serviceId)) {
    try {
      return { status: 'loaded', src: await lookup('lookup', serviceId) };
    } catch {
      // The secondary lookup is the second attempt for every service.
    }
  }
  try {
    return { status: 'loaded', src: await lookup('service', serviceId) };
  } catch (error) {
    return { status: 'failed', error };
  }
}

// Page-load caches: 20 cards of one service make one lookup.
const settled = new Map<string, LogoResult>();
const inFlight = new Map<string, Promise<LogoResult>>();

/** The finished result for a service, if its lookup already settled on this page load. */
export function peekLogo(serviceId: string): LogoResult | undefined {
  return settled.get(serviceId.toLowerCase());
}

/** Looks a service's logo up once per page load; never rejects. */
export function loadLogo(serviceId: string): Promise<LogoResult> {
  const key = serviceId.toLowerCase();
  const done = settled.get(key);
  if (done) return Promise.resolve(done);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = resolveLogo(key).then((result) => {
      settled.set(key, result);
      inFlight.delete(key);
      return result;
    });
    inFlight.set(key, pending);
  }
  return pending;
}

/** Forgets every looked-up logo (tests start each case from a fresh page load). */
export function clearLogoCache(): void {
  settled.clear();
  inFlight.clear();
}
