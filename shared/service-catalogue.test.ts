import { describe, expect, it } from 'vitest';
import { KNOWN_SERVICE_IDS } from './known-services.ts';
import {
  isKnownService,
  KNOWN_SERVICE_DOMAINS,
  LANDING_LOGO_SERVICES,
  SERVICE_CATALOGUE,
} from './service-catalogue.ts';

describe('service catalogue', () => {
  it('holds about 100 services with unique lowercase ids and domains', () => {
    expect(SERVICE_CATALOGUE.length).toBeGreaterThanOrEqual(95);
    const ids = SERVICE_CATALOGUE.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of SERVICE_CATALOGUE) {
      expect(entry.id).toBe(entry.id.toLowerCase());
      // Each seeded service's page answers: the id is one /s/{id} accepts.
      expect(entry.id).toMatch(/^[a-z0-9][a-z0-9._-]{0,99}$/);
      expect(entry.domain).toBe(entry.domain.toLowerCase());
      expect(entry.domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
  });

  it('covers every category the product needs', () => {
    const categories = new Set(SERVICE_CATALOGUE.map((s) => s.category));
    for (const category of [
      'ride',
      'streaming',
      'payment',
      'travel',
      'food',
      'finance',
      'crypto',
      'shopping',
      'social',
    ]) {
      expect(categories).toContain(category);
    }
  });

  it('includes all 13 landing logos of spec §2', () => {
    expect(LANDING_LOGO_SERVICES).toHaveLength(13);
    for (const id of LANDING_LOGO_SERVICES) expect(KNOWN_SERVICE_DOMAINS.has(id)).toBe(true);
  });

  it('agrees with the compact list of known ids the browser loads', () => {
    expect([...KNOWN_SERVICE_IDS].sort()).toEqual(SERVICE_CATALOGUE.map((s) => s.id).sort());
  });

  it('knows ids case-insensitively and rejects others', () => {
    expect(isKnownService('Uber')).toBe(true);
    expect(isKnownService('acmepay')).toBe(false);
  });
});
