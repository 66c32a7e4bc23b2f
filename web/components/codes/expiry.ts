const EXPIRY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Today's UTC day as 'YYYY-MM-DD'. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** An expiry date is the last day the code works (UTC): it is expired from the day after. */
export function isExpired(expiresAt: string | null, now: Date = new Date()): boolean {
  return expiresAt !== null && expiresAt < utcToday(now);
}

/**
 * Live codes before expired ones, each group in its given order (newest first): an expired code
 * still shows, but never ahead of one that works (issue 24).
 */
export function liveFirst<T extends { expiresAt?: string | null }>(
  codes: readonly T[],
  now: Date = new Date(),
): T[] {
  const expired = (code: T) => isExpired(code.expiresAt ?? null, now);
  return [...codes.filter((code) => !expired(code)), ...codes.filter(expired)];
}

/** '2027-06-30' → '30 Jun 2027' (the 'Valid until 30 Jun 2027'). */
export function formatExpiry(expiresAt: string): string {
  return EXPIRY.format(new Date(`${expiresAt}T00:00:00Z`));
}
