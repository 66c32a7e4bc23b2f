import { describe, expect, it } from 'vitest';
import { FALLBACK_CATEGORIES, fallbackCategory, fallbackInitial } from './fallback-icon.ts';

describe('fallback icon category (spec §4 table, first match in order)', () => {
  it.each([
    ['Acme Bank', 'finance'],
    ['GreenFinance', 'finance'],
    ['Credit Hero', 'finance'],
    ['CardCo', 'finance'],
    ['Acme Pay', 'finance'],
    ['MoneyBox', 'finance'],
    ['Foodies', 'food'],
    ['Restaurant Club', 'food'],
    ['Fast Delivery', 'food'],
    ['EatWell', 'food'],
    ['Meal Kit', 'food'],
    ['Hotel Hub', 'travel'],
    ['Travelly', 'travel'],
    ['Sky Airline', 'travel'],
    ['EasyBooking', 'travel'],
    ['TripMate', 'travel'],
    ['Social Spot', 'social'],
    ['ChatterBox', 'social'],
    ['Messagely', 'social'],
    ['ConnectMe', 'social'],
    ['ShareIt', 'social'],
    ['Movie Night', 'entertainment'],
    ['Musicly', 'entertainment'],
    ['VideoVerse', 'entertainment'],
    ['Streamio', 'entertainment'],
    ['PlayZone', 'entertainment'],
    ['ShopRite', 'retail'],
    ['Corner Store', 'retail'],
    ['Retail Co', 'retail'],
    ['BuyNow', 'retail'],
    ['Marketly', 'retail'],
    ['TechCorp', 'tech'],
    ['Software House', 'tech'],
    ['Appify', 'tech'],
    ['Digital Wave', 'tech'],
    ['Online Things', 'tech'],
    ['Zebra', 'default'],
  ])('%s → %s', (name, category) => {
    expect(fallbackCategory(name).category).toBe(category);
  });

  it('takes the first row in table order when several match', () => {
    // "pay" (finance) comes before "play" (entertainment) and "app" (tech).
    expect(fallbackCategory('PayPlay App').category).toBe('finance');
    expect(fallbackCategory('Food Market').category).toBe('food');
    expect(fallbackCategory('Music Shop').category).toBe('entertainment');
  });

  it('has the seven keyword rows of the spec, in order', () => {
    expect(FALLBACK_CATEGORIES.map((row) => row.category)).toEqual([
      'finance',
      'food',
      'travel',
      'social',
      'entertainment',
      'retail',
      'tech',
    ]);
  });

  it('draws the first letter or digit, uppercased', () => {
    expect(fallbackInitial('acme pay')).toBe('A');
    expect(fallbackInitial('  9gag')).toBe('9');
    expect(fallbackInitial('---')).toBe('?');
  });
});
