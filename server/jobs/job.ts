import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

/**
 * The contract of a scheduled job (issue 28). The runner (`server/jobs/runner.ts`) starts each
 * registered job on its period on every instance, takes the job's lock so that one instance at a
 * time runs it (PostgreSQL: `pg_try_advisory_xact_lock(lockKey)`; SQLite: one writer), records
 * each run (start, duration, summary) for `npm run admin -- jobs`, and warns in the log when a job
 * has not run in twice its period. `npm run admin -- jobs run <name>` calls the same `run` under
 * the same lock.
 */
export interface ScheduledJob {
  /** 'retention', 'link-health', 'expiry-reminders', 'weekly-summary', 'mail-queue'. */
  readonly name: string;
  readonly periodMs: number;
  /** A fixed 64-bit number, distinct per job. */
  readonly lockKey: number;
  run(context: JobContext): Promise<JobResult>;
}

export interface JobContext {
  readonly database: Database;
  readonly config: Config;
  /** The clock: tests move it instead of sleeping. */
  now(): number;
  readonly log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /**
   * Queues an e-mail to a code's owner (the owner-mail feature decides whether the owner gets it:
   * their switches, a disabled or deleted account). `dedupeKey` makes a repeat a no-op, e.g.
   * `link-broken:<codeId>:<failure streak start>`.
   */
  notifyOwner(event: OwnerEvent): Promise<void>;
}

export type OwnerEvent = {
  readonly kind: 'link-broken' | 'link-restored' | 'code-sank' | 'expires-soon' | 'expires-today';
  readonly userId: string;
  readonly codeId: string;
  readonly dedupeKey: string;
};

export interface JobResult {
  /** One line for the jobs list, e.g. '1,204 links checked, 3 broken, 1 restored'. */
  readonly summary: string;
}
