import { LIMITS } from '../../../shared/limits.ts';

const DAY_MS = 86_400_000;

/** The UTC day of `at`, 'YYYY-MM-DD': votes are one per visitor, code and UTC day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first day of the feedback window (90 days including today), 'YYYY-MM-DD'. */
export function feedbackSinceDay(at: Date): string {
  return utcDay(new Date(at.getTime() - (LIMITS.feedbackWindowDays - 1) * DAY_MS));
}

/** Midnight UTC of `at`'s day, as ISO text: a copy "today" is a click at or after it. */
export function dayStartIso(at: Date): string {
  return `${utcDay(at)}T00:00:00.000Z`;
}
