import { LIMITS } from '../../../shared/limits.ts';

const DAY_MS = 86_400_000;

/** The last day asked for, and the milliseconds it spans: most calls ask for today. */
let lastDay = { start: 0, end: 0, day: '' };

/** The UTC day of `at`, 'YYYY-MM-DD': votes are one per visitor, code and UTC day. */
export function utcDay(at: Date): string {
  const time = at.getTime();
  // A service page asks on every view: the text is made once a day (decision 117).
  if (time >= lastDay.start && time < lastDay.end) return lastDay.day;
  const start = time - (((time % DAY_MS) + DAY_MS) % DAY_MS);
  lastDay = { start, end: start + DAY_MS, day: at.toISOString().slice(0, 10) };
  return lastDay.day;
}

/** The first day of the feedback window (90 days including today), 'YYYY-MM-DD'. */
export function feedbackSinceDay(at: Date): string {
  return utcDay(new Date(at.getTime() - (LIMITS.feedbackWindowDays - 1) * DAY_MS));
}

/** Midnight UTC of `at`'s day, as ISO text: a copy "today" is a click at or after it. */
export function dayStartIso(at: Date): string {
  return `${utcDay(at)}T00:00:00.000Z`;
}
