import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { findJob, JOBS } from '../../jobs/registry.ts';
import { type JobLog, lastRuns, runJobNow } from '../../jobs/runner.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createOutbox } from '../../mail/outbox.ts';
import { ownerMailNotifier } from '../owner-mail/owner-mail.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 0)} s`;
const every = (ms: number) =>
  ms >= 3_600_000 ? `${ms / 3_600_000} h` : ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`;

const CONSOLE_LOG: JobLog = {
  info: () => {},
  warn: (_obj, msg) => console.error(msg),
  error: (_obj, msg) => console.error(msg),
};

/**
 * `npm run admin -- jobs`: every scheduled job with its period and last run (when, how long, what
 * it did). `jobs run <name>`: runs one now under the same lock as the scheduler, and records it.
 */
export async function jobsCliCommand(
  database: Database,
  config: Config,
  name: string | undefined,
  {
    log = CONSOLE_LOG,
    now = Date.now,
  }: {
    log?: JobLog;
    /** The clock of a run (tests move it); the wall clock for an operator. */
    now?: () => number;
  } = {},
): Promise<{ out: string[]; failed: boolean }> {
  if (name === undefined) {
    const last = await lastRuns(database, JOBS);
    return {
      failed: false,
      out: JOBS.map((job) => {
        const run = last.get(job.name);
        const when = run
          ? `last ran ${run.startedAt}, took ${seconds(run.durationMs)}, ${run.outcome}: ${run.summary}`
          : 'never ran';
        return `${job.name.padEnd(17)} every ${every(job.periodMs).padEnd(7)} ${when}`;
      }),
    };
  }
  const job = findJob(name);
  if (!job) {
    return {
      failed: true,
      out: [`No job named "${name}". Jobs: ${JOBS.map((j) => j.name).join(', ')}`],
    };
  }
  const mailer = createMailer(config);
  const outbox = createOutbox(database, mailer, log, now);
  try {
    const outcome = await runJobNow(job, {
      database,
      config,
      log,
      now,
      notifyOwner: ownerMailNotifier({ db: database.db, config, now, queue: outbox.queue }),
    });
    if (!outcome.ran) {
      return {
        failed: true,
        out: [`${job.name} is running on another instance; try again later.`],
      };
    }
    return {
      failed: outcome.outcome === 'failed',
      out: [`${job.name} ${outcome.outcome} in ${seconds(outcome.durationMs)}: ${outcome.summary}`],
    };
  } finally {
    await outbox.drain();
    await mailer.close();
  }
}
