/**
 * Set in history state when a profile card opens its code: the profile stays behind the popup.
 * It names this page load, because browsers keep history state across a reload, and a reloaded
 * code URL is the code's own page (as the server rendered it).
 */
export interface CodeOverlayState {
  overProfile: string;
}

const PAGE_LOAD = Math.random().toString(36).slice(2);

export const CODE_OVERLAY: CodeOverlayState = { overProfile: PAGE_LOAD };

/** True when the popup was opened on this page load, over the profile. */
export function isCodeOverlay(state: unknown): boolean {
  return (state as Partial<CodeOverlayState> | null)?.overProfile === PAGE_LOAD;
}
