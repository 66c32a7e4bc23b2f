import { retentionJob } from '../features/account/retention.ts';
import { linkHealthJob } from '../features/link-health/link-health.job.ts';
import { expiryRemindersJob } from '../features/owner-mail/expiry-reminders.job.ts';
import { weeklySummaryJob } from '../features/owner-mail/weekly-summary.job.ts';
import { mailQueueJob } from '../mail/mail-queue.job.ts';
import type { ScheduledJob } from './job.ts';

/**
 * Every scheduled job (decision 109): the runner starts each on every instance, and
 * `npm run admin -- jobs` lists them. Adding a job is one import and one entry.
 */
export const JOBS: readonly ScheduledJob[] = [
  retentionJob,
  expiryRemindersJob,
  weeklySummaryJob,
  mailQueueJob,
  linkHealthJob,
];

export function findJob(name: string): ScheduledJob | undefined {
  return JOBS.find((job) => job.name === name);
}
