import { describe, expect, it } from 'vitest';
import { ACCENT_PALETTE, accentVariables } from './accent-palette.ts';
import { ACCENT_NAMES } from './profile-identity.ts';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// The surfaces of the app (web/index.html's body, the cards, the nav's active pill).
const WHITE = '#ffffff';
const LIGHT_PAGE = '#f9fafb'; // gray-50
const DARK_PAGE = '#030712'; // gray-950
const DARK_CARD = '#111827'; // gray-900
const DARK_RAISED = '#1f2937'; // gray-800

describe('the accent palette', () => {
  it('has the 8 accents of the contract', () => {
    expect(Object.keys(ACCENT_PALETTE).sort()).toEqual([...ACCENT_NAMES].sort());
    expect(Object.keys(ACCENT_PALETTE)).toHaveLength(8);
  });

  it('matches the app theme for indigo, the default (web/styles.css @theme)', () => {
    expect(ACCENT_PALETTE.indigo[600]).toBe('#4f46e5');
    expect(ACCENT_PALETTE.indigo[700]).toBe('#4338ca');
    expect(ACCENT_PALETTE.indigo[300]).toBe('#a5b4fc');
  });

  for (const name of ACCENT_NAMES) {
    const scale = ACCENT_PALETTE[name];
    describe(name, () => {
      it('light scheme: text on the page and cards, button text on the accent: ≥ 4.5', () => {
        // Links and headings: text-accent-700 (and the 600 of the 404 and the spinner).
        expect(contrast(scale[700], WHITE)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(scale[700], LIGHT_PAGE)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(scale[600], WHITE)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(scale[600], LIGHT_PAGE)).toBeGreaterThanOrEqual(4.5);
        // Banners and chips: text-accent-800 on bg-accent-50.
        expect(contrast(scale[800], scale[50])).toBeGreaterThanOrEqual(4.5);
        // The primary button: white on bg-accent-600, hover bg-accent-700.
        expect(contrast(WHITE, scale[600])).toBeGreaterThanOrEqual(4.5);
        expect(contrast(WHITE, scale[700])).toBeGreaterThanOrEqual(4.5);
      });

      it('dark scheme: text on the page and cards, button text on the accent: ≥ 4.5', () => {
        // Links and headings: dark:text-accent-300 (and -400 where the 600 was).
        for (const surface of [DARK_PAGE, DARK_CARD, DARK_RAISED]) {
          expect(contrast(scale[300], surface)).toBeGreaterThanOrEqual(4.5);
          expect(contrast(scale[200], surface)).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrast(scale[400], DARK_PAGE)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(scale[400], DARK_CARD)).toBeGreaterThanOrEqual(4.5);
        // The primary button keeps white on bg-accent-600 in dark mode too (Button.tsx).
        expect(contrast(WHITE, scale[600])).toBeGreaterThanOrEqual(4.5);
        expect(contrast(WHITE, scale[700])).toBeGreaterThanOrEqual(4.5);
      });
    });
  }

  it('computes the contrast the WCAG way (known pairs)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 2);
  });

  it('repaints the accent scale with CSS variables, none for the default', () => {
    expect(accentVariables('indigo')).toBeUndefined();
    expect(accentVariables('teal')).toMatchObject({
      '--color-accent-600': '#0f766e',
      '--color-accent-300': '#5eead4',
    });
    expect(Object.keys(accentVariables('rose') ?? {})).toHaveLength(9);
    expect(accentVariables('constructor' as never)).toBeUndefined();
  });
});
