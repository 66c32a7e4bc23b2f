/** Business constants of spec §9 and the length caps of decisions.md, shared by UI and server. */
export const LIMITS = Object.freeze({
  usernameMin: 3,
  usernameMax: 20,
  domainMax: 253,
  domainPartMax: 63,
  codeMax: 100,
  rewardMax: 200,
  productNameMax: 100,
  linkMax: 2048,
  notesMax: 1000,
  serviceNameMax: 100,
  /** Codes one account may keep (decision 024): bounds the profile and each rebuild of it. */
  codesPerUserMax: 200,
  /** Days a username its owner left stays theirs (decision 012): renames, deleted accounts. */
  usernameHoldDays: 90,
  /** At most one rename in this many days (decision 012); the first choice is not a rename. */
  usernameRenameIntervalDays: 30,
  /** 'Works in' countries one code may name (decision 070). */
  countriesMax: 60,
  /** Codes a service page shows at once, and each 'Show more' adds (decision 070). */
  servicePageSize: 20,
  /** Days of "Did it work?" answers that count (decision 070). */
  feedbackWindowDays: 90,
  /**
   * A code with 'No' from at least this many distinct networks (and fewer 'Yes' than 'No') in the
   * window is reported (decisions 070, 093).
   */
  reportedNoMin: 3,
});

/** UI timings of spec §4 and §9, in milliseconds. */
export const TIMINGS = Object.freeze({
  successBannerMs: 3000,
  copyPopupCloseMs: 1500,
  confettiMs: 3000,
  copiedResetAfterConfettiMs: 100,
  adminCheckRouteMs: 2000,
  adminCheckNavMs: 3000,
  usernameCheckDebounceMs: 400,
});

export const CONFETTI_PIECES = 50;
export const DEFAULT_LOGO_SIZE = 400;
/**
 * The only sizes (square, px) a fetched logo is made and cached at: a request snaps up to the
 * smallest that covers it (decision 032). The UI asks for 160.
 */
export const LOGO_SIZES = [64, 160, 400] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];
export const LANDING_PREVIEW_COUNT = 6;

/** QR code settings of spec §9. */
export const QR_OPTIONS = Object.freeze({
  width: 240,
  margin: 2,
  color: { dark: '#1f2937', light: '#ffffff' },
});

/** Link-preview images (Open Graph, Twitter's large card): 1200 × 630 PNG. */
export const SHARE_IMAGE_SIZE = Object.freeze({ width: 1200, height: 630 });
