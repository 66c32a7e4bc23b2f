const KEY = 'refstash.accountDeleted';

/**
 * The deletion's confirmation crosses the full page load to `/` in sessionStorage, not in the
 * URL: the landing page's HTML is shared and cached, and a reload should not say it again.
 */
export function markAccountDeleted(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {}
}

/** True once after `markAccountDeleted` in this tab. */
export function takeAccountDeletedNotice(): boolean {
  try {
    const marked = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return marked;
  } catch {
    return false;
  }
}
