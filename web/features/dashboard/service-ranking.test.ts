import { describe, expect, it } from 'vitest';
import { rankServices } from './service-ranking.ts';

const named = (...names: string[]) => names.map((name) => ({ id: name.toLowerCase(), name }));
const names = (list: { name: string }[]) => list.map((service) => service.name);

describe('rankServices (issue 13, item 4)', () => {
  const services = named(
    'YouTube',
    'Grubhub',
    'Uber Eats',
    'Public',
    'Uber',
    'Club Ubud',
    'Airbnb',
    'Rent-Ubike',
  );

  it('puts names starting with the query first, then a word starting with it, then the rest, each A–Z', () => {
    expect(names(rankServices(services, 'ub'))).toEqual([
      'Uber',
      'Uber Eats',
      'Club Ubud',
      'Rent-Ubike',
      'Grubhub',
      'Public',
      'YouTube',
    ]);
  });

  it('ignores case and the spaces around the query', () => {
    expect(names(rankServices(services, '  UB  ')).slice(0, 2)).toEqual(['Uber', 'Uber Eats']);
    expect(names(rankServices(services, 'uber e'))).toEqual(['Uber Eats']);
  });

  it('leaves out names that do not contain the query', () => {
    expect(names(rankServices(services, 'bnb'))).toEqual(['Airbnb']);
    expect(rankServices(services, 'acme pay')).toEqual([]);
  });

  it('gives the whole list, A–Z, for an empty query', () => {
    expect(names(rankServices(services, ' '))).toEqual([
      'Airbnb',
      'Club Ubud',
      'Grubhub',
      'Public',
      'Rent-Ubike',
      'Uber',
      'Uber Eats',
      'YouTube',
    ]);
  });

  it('works on the real catalogue: "ub" ranks Uber and Uber Eats first', async () => {
    const { SERVICE_CATALOGUE } = await import('../../../shared/service-catalogue.ts');
    const ranked = names(rankServices(SERVICE_CATALOGUE, 'ub'));
    expect(ranked.slice(0, 2)).toEqual(['Uber', 'Uber Eats']);
    expect(ranked.indexOf('YouTube')).toBeGreaterThan(ranked.indexOf('Uber Eats'));
  });
});
