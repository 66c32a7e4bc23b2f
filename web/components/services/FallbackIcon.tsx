import {
  FALLBACK_GLYPHS,
  fallbackCategory,
  fallbackInitial,
} from '../../../shared/fallback-icon.ts';

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
        <path d={FALLBACK_GLYPHS[style.category]} />
      </svg>
    </span>
  );
}
