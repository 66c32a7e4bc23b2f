import {
  FALLBACK_GLYPHS,
  fallbackCategory,
  fallbackInitial,
} from '../../../shared/fallback-icon.ts';

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * The generated icon of spec §4 as an SVG document (the web's FallbackIcon drawn the same way):
 * the name's initial on its category colour, the category glyph in a corner badge.
 */
export function fallbackIconSvg(name: string): string {
  const style = fallbackCategory(name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<rect width="64" height="64" rx="12" fill="${style.background}"/>`,
    '<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#fff" font-weight="700" ',
    `font-size="28" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">`,
    `${escapeXml(fallbackInitial(name))}</text>`,
    '<circle cx="51" cy="51" r="10" fill="#000" fill-opacity="0.25"/>',
    '<g transform="translate(43.5 43.5) scale(0.625)" fill="none" stroke="#fff" stroke-width="2" ',
    'stroke-linecap="round" stroke-linejoin="round">',
    `<path d="${FALLBACK_GLYPHS[style.category]}"/></g>`,
    '</svg>',
  ].join('');
}
