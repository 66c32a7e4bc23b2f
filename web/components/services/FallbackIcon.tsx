import {
  type FallbackCategory,
  fallbackCategory,
  fallbackInitial,
} from '../../../shared/fallback-icon.ts';

/** One 24 × 24 outline glyph per category of spec §4. */
const GLYPHS: Record<FallbackCategory, string> = {
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

export interface FallbackIconProps {
  name: string;
  size: number;
  className?: string;
}

/**
 * The generated logo of spec §4: the service's initial on its category colour, with the
 * category glyph in a corner badge.
 */
export function FallbackIcon({ name, size, className = '' }: FallbackIconProps) {
  const style = fallbackCategory(name);
  const badge = Math.max(16, Math.round(size * 0.42));
  return (
    <span
      role="img"
      aria-label={`${name} logo`}
      data-category={style.category}
      className={`relative inline-flex shrink-0 select-none items-center justify-center rounded-xl font-bold text-white ${className}`}
      style={{ width: size, height: size, background: style.background, fontSize: size * 0.44 }}
    >
      <span aria-hidden="true" className="leading-none">
        {fallbackInitial(name)}
      </span>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="absolute right-[6%] bottom-[6%] rounded-full bg-black/25 p-[3px]"
        style={{ width: badge, height: badge }}
      >
        <path d={GLYPHS[style.category]} />
      </svg>
    </span>
  );
}
