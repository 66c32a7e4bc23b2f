// Types only: the public pages' bundle carries no zod (profile-identity.ts builds schemas).
import type { AccentName } from './profile-identity.ts';

/**
 * The 8 accent colours of a profile (issue 26, decision 103) as the app's `accent` scale: each
 * entry fills the shades the components use (`text-accent-700`, `dark:text-accent-300`,
 * `bg-accent-600` under white button text, …). A profile page sets them as CSS variables on its
 * own element, so the server-rendered HTML carries the colour without JavaScript.
 *
 * Tailwind's 600 is too light under white text for teal, green, amber, orange and rose (3.2–4.7:1),
 * so those scales are moved one step darker from 500 up: their 600 is Tailwind's 700, and so on.
 * Every pair the pages draw keeps WCAG AA (4.5:1) in both schemes: `accent-palette.test.ts`
 * computes them.
 */
export const ACCENT_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800] as const;
export type AccentShade = (typeof ACCENT_SHADES)[number];
export type AccentScale = Readonly<Record<AccentShade, string>>;

export const ACCENT_PALETTE: Readonly<Record<AccentName, AccentScale>> = Object.freeze({
  // The app's own accent (web/styles.css @theme).
  indigo: {
    50: '#eef2ff',
    100: '#e0e7ff',
    200: '#c7d2fe',
    300: '#a5b4fc',
    400: '#818cf8',
    500: '#6366f1',
    600: '#4f46e5',
    700: '#4338ca',
    800: '#3730a3',
  },
  blue: {
    50: '#eff6ff',
    100: '#dbeafe',
    200: '#bfdbfe',
    300: '#93c5fd',
    400: '#60a5fa',
    500: '#3b82f6',
    600: '#2563eb',
    700: '#1d4ed8',
    800: '#1e40af',
  },
  teal: {
    50: '#f0fdfa',
    100: '#ccfbf1',
    200: '#99f6e4',
    300: '#5eead4',
    400: '#2dd4bf',
    500: '#0d9488',
    600: '#0f766e',
    700: '#115e59',
    800: '#134e4a',
  },
  green: {
    50: '#f0fdf4',
    100: '#dcfce7',
    200: '#bbf7d0',
    300: '#86efac',
    400: '#4ade80',
    500: '#16a34a',
    600: '#15803d',
    700: '#166534',
    800: '#14532d',
  },
  amber: {
    50: '#fffbeb',
    100: '#fef3c7',
    200: '#fde68a',
    300: '#fcd34d',
    400: '#fbbf24',
    500: '#d97706',
    600: '#b45309',
    700: '#92400e',
    800: '#78350f',
  },
  orange: {
    50: '#fff7ed',
    100: '#ffedd5',
    200: '#fed7aa',
    300: '#fdba74',
    400: '#fb923c',
    500: '#ea580c',
    600: '#c2410c',
    700: '#9a3412',
    800: '#7c2d12',
  },
  rose: {
    50: '#fff1f2',
    100: '#ffe4e6',
    200: '#fecdd3',
    300: '#fda4af',
    400: '#fb7185',
    500: '#e11d48',
    600: '#be123c',
    700: '#9f1239',
    800: '#881337',
  },
  violet: {
    50: '#f5f3ff',
    100: '#ede9fe',
    200: '#ddd6fe',
    300: '#c4b5fd',
    400: '#a78bfa',
    500: '#8b5cf6',
    600: '#7c3aed',
    700: '#6d28d9',
    800: '#5b21b6',
  },
});

/** The names people see beside the swatches. */
export const ACCENT_LABELS: Readonly<Record<AccentName, string>> = Object.freeze({
  indigo: 'Indigo',
  blue: 'Blue',
  teal: 'Teal',
  green: 'Green',
  amber: 'Amber',
  orange: 'Orange',
  rose: 'Rose',
  violet: 'Violet',
});

/**
 * The CSS variables that repaint the `accent` utilities inside an element, or undefined for the
 * app's own indigo (the page already has it: no bytes spent on the default).
 */
export function accentVariables(accent: AccentName): Record<string, string> | undefined {
  if (accent === 'indigo' || !Object.hasOwn(ACCENT_PALETTE, accent)) return undefined;
  const scale = ACCENT_PALETTE[accent];
  const variables: Record<string, string> = {};
  for (const shade of ACCENT_SHADES) variables[`--color-accent-${shade}`] = scale[shade];
  return variables;
}
