import type { ScheduledJob } from '../../jobs/job.ts';
import { runLinkHealth } from './link-health.service.ts';

/** PostgreSQL advisory lock key of the job (a fixed 64-bit number, distinct per job). */
export const LINK_HEALTH_LOCK_KEY = 7_307_080_028;

/**
 * Link health (issue 28, decision 111): every listed code's link checked at most once a day;
 * 3 failures in a row mark it 'Link looks broken', which keeps the code off its service page and
 * tells the owner; one later success restores it. Tried every minute; a run starts only a minute
 * after the last one ended, and checks what is due.
 */
export const linkHealthJob: ScheduledJob = {
  name: 'link-health',
  periodMs: 60_000,
  lockKey: LINK_HEALTH_LOCK_KEY,
  run: (context) => runLinkHealth(context),
};
