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

/** One 24 × 24 outline glyph per category of spec §4. */
export const FALLBACK_GLYPHS: Readonly<Record<FallbackCategory, string>> = {
  finance:
    'M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5v-9ZM3 10h18M7 14.5h3',
  food: 'M7 3v7a2 2 0 0 0 2 2v9M5 3v5a2 2 0 0 0 2 2M9 3v5a2 2 0 0 1-2 2M17 21V3c-2 1.5-3 4-3 7s1 3 3 3',
  travel:
    'M10.5 13.5 4 11l1.5-1.5 6 1 4-4.5a2 2 0 0 1 3 3l-4.5 4 1 6L13.5 21 11 14.5l-3 3V20l-1.5 1-1-3-3-1L3 15.5h2.5l3-3',
  social:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9Z',
  entertainment: 'M8 5.5v13a.5.5 0 0 0 .77.42l10-6.5a.5.5 0 0 0 0-.84l-10-6.5A.5.5 0 0 0 8 5.5Z',
  retail: 'M5 8h14l-1 12.5H6L5 8ZM9 8V6.5a3 3 0 0 1 6 0V8',
  tech: 'M8.5 8 4.5 12l4 4M15.5 8l4 4-4 4M13.5 5.5l-3 13',
  default: 'M12 3.5l2.3 5.2 5.7.5-4.3 3.8 1.3 5.5L12 15.6l-5 2.9 1.3-5.5L4 9.2l5.7-.5L12 3.5Z',
};
