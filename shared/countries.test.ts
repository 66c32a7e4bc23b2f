import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countriesByName, countryName, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('names every ISO 3166-1 alpha-2 code from the written table, the same in every runtime', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    // Chromium's Intl.DisplayNames says 'Falkland Islands (Islas Malvinas)' and 'Hong Kong'.
    expect(countryName('FK')).toBe('Falkland Islands');
    expect(countryName('HK')).toBe('Hong Kong SAR China');
    expect(countryName('PS')).toBe('Palestinian Territories');
    expect(countryName('US')).toBe('United States');
    expect(countryName('XX')).toBe('XX');
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('de')).toBe(false);
  });

  it('lists the countries by name, starting with Afghanistan and Åland Islands', () => {
    const list = countriesByName();
    expect(list.slice(0, 2)).toEqual([
      { code: 'AF', name: 'Afghanistan' },
      { code: 'AX', name: 'Åland Islands' },
    ]);
    expect(list.map((item) => item.code).sort()).toEqual([...COUNTRY_CODES]);
  });
});
