import { describe, expect, it } from 'vitest';
import type { ServiceCodeDto } from '../../../shared/discovery-schemas.ts';
import { serviceCodesSchema } from '../../../shared/discovery-schemas.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { DiscoveryService, type ServiceListing } from './discovery.service.ts';
import { rotate } from './rotation.ts';

function listing(n: number, reportedEvery = 0): ServiceListing {
  const codes: ServiceCodeDto[] = Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    service: 'uber',
    serviceName: 'Uber',
    productName: null,
    code: `C${i}`,
    reward: '10',
    link: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    countries: i % 3 === 0 ? ['US'] : i % 3 === 1 ? ['FR'] : null,
    username: `user${i}`,
    owner: { username: `user${i}`, displayName: null, avatar: null },
    worked: 0,
    reported: reportedEvery > 0 && i % reportedEvery === 0,
  }));
  return {
    service: { id: 'uber', name: 'Uber', domain: 'uber.com' },
    codes,
    sunk: new Set<string>(),
    version: `v${n}.${reportedEvery}`,
  };
}

const MIB_32 = 32 * 1024 * 1024;
/** These tests order listings they hand in: no listing is loaded, so no change is heard. */
const NO_FEED: ChangeFeed = {
  live: false,
  subscribe: () => {},
  settle: async () => {},
  close: async () => {},
};

const forCountry = (codes: readonly ServiceCodeDto[], country?: string) =>
  country ? codes.filter((c) => c.countries === null || c.countries.includes(country)) : codes;

describe('service page views (decision 070, issue 14 item 7)', () => {
  // The order of 1,000 codes was hashed and sorted anew on every view: about 2 ms of the event
  // loop per request, which capped a 1,000-code service page at a few hundred views a second.
  it('shuffles a listing once per epoch and country, not once per view', () => {
    let now = new Date('2026-11-23T12:00:00Z');
    const discovery = new DiscoveryService(undefined as never, NO_FEED, {
      cacheBytes: MIB_32,
      now: () => now,
    });
    const big = listing(1000, 7);
    const order = discovery.order(big, undefined);
    for (let view = 0; view < 50; view += 1) {
      discovery.page(big, undefined, discovery.nextRotation(big, undefined));
      expect(discovery.order(big, undefined)).toBe(order);
    }
    expect(discovery.order(big, 'US')).not.toBe(order);
    expect(discovery.order(big, 'US')).toBe(discovery.order(big, 'US'));
    now = new Date('2026-11-23T12:10:00Z');
    expect(discovery.order(big, undefined)).not.toBe(order);
  });

  it('serves every page of every slot exactly as the full rotation orders it', () => {
    const discovery = new DiscoveryService(undefined as never, NO_FEED, { cacheBytes: MIB_32 });
    for (const [n, reportedEvery] of [
      [1000, 7],
      [25, 4],
      [5, 0],
      [0, 0],
    ] as const) {
      const big = listing(n, reportedEvery);
      for (const country of [undefined, 'US']) {
        const codes = forCountry(big.codes, country);
        for (let slot = 0; slot < 20; slot += 1) {
          const rotation = { epoch: 4_000_000, slot };
          const full = rotate(codes, 'uber', rotation);
          for (const start of [0, 20, 980, 995]) {
            const page = discovery.page(big, country, rotation, start);
            expect(page.codes).toEqual(full.slice(start, start + 20));
            expect(page.total).toBe(codes.length);
          }
        }
      }
    }
  });

  it('answers the first page as JSON bytes equal to the schema-checked object', () => {
    const discovery = new DiscoveryService(undefined as never, NO_FEED, { cacheBytes: MIB_32 });
    const big = listing(1000, 7);
    for (let view = 0; view < 25; view += 1) {
      const rotation = discovery.nextRotation(big, 'US');
      const json = discovery.firstPageJson(big, 'US', rotation);
      const body = JSON.parse(json.toString('utf8'));
      expect(serviceCodesSchema.strict().parse(body)).toEqual(body);
      expect(body).toEqual(discovery.page(big, 'US', rotation));
      expect(discovery.firstPageJson(big, 'US', rotation)).toBe(json);
    }
  });
});
