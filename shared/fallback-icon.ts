/** Categories of the generated fallback icon (spec §4). */
export type FallbackCategory =
  | 'finance'
  | 'food'
  | 'travel'
  | 'social'
  | 'entertainment'
  | 'retail'
  | 'tech'
  | 'default';

export interface FallbackCategoryStyle {
  readonly category: FallbackCategory;
  /** Keywords matched as substrings of the lowercased service name. */
  readonly keywords: readonly string[];
  /** Tile colour; white text on it meets WCAG AA (4.5:1) in both themes. */
  readonly background: string;
}

/** Spec §4's keyword table, in its order: the first row with a matching keyword wins. */
export const FALLBACK_CATEGORIES: readonly FallbackCategoryStyle[] = Object.freeze([
  {
    category: 'finance',
    keywords: ['bank', 'finance', 'credit', 'card', 'pay', 'money'],
    background: '#047857',
  },
  {
    category: 'food',
    keywords: ['food', 'restaurant', 'delivery', 'eat', 'meal'],
    background: '#c2410c',
  },
  {
    category: 'travel',
    keywords: ['hotel', 'travel', 'airline', 'booking', 'trip'],
    background: '#0369a1',
  },
  {
    category: 'social',
    keywords: ['social', 'chat', 'message', 'connect', 'share'],
    background: '#be185d',
  },
  {
    category: 'entertainment',
    keywords: ['movie', 'music', 'video', 'stream', 'play'],
    background: '#7e22ce',
  },
  {
    category: 'retail',
    keywords: ['shop', 'store', 'retail', 'buy', 'market'],
    background: '#b91c1c',
  },
  {
    category: 'tech',
    keywords: ['tech', 'software', 'app', 'digital', 'online'],
    background: '#4338ca',
  },
]);

/** The "anything else" row. */
export const DEFAULT_FALLBACK: FallbackCategoryStyle = Object.freeze({
  category: 'default',
  keywords: [],
  background: '#374151',
});

/** The fallback style for a service name: the first category whose keyword it contains. */
export function fallbackCategory(name: string): FallbackCategoryStyle {
  const lower = name.toLowerCase();
  return (
    FALLBACK_CATEGORIES.find((row) => row.keywords.some((keyword) => lower.includes(keyword))) ??
    DEFAULT_FALLBACK
  );
}

/** The letter drawn on the fallback icon: the name's first letter or digit, uppercased. */
export function fallbackInitial(name: string): string {
  const match = name.match(/[\p{L}\p{N}]/u);
  return match ? match[0].toLocaleUpperCase() : '?';
}
