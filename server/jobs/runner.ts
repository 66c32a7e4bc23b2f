import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { JobContext, JobResult, OwnerEvent, ScheduledJob } from './job.ts';
import { withJobLock } from './job-lock.ts';

export type JobLog = JobContext['log'];

export interface RunnerDeps {
  database: Database;
  config: Config;
  log: JobLog;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
  /** Queues an owner mail (server/features/owner-mail); a no-op where no mail is wanted. */
  notifyOwner?: (event: OwnerEvent) => Promise<void>;
}

export type RunOutcome =
  | { ran: true; outcome: 'ok' | 'failed'; summary: string; durationMs: number }
  | { ran: false; reason: 'locked' };

function contextOf(deps: RunnerDeps): JobContext {
  return {
    database: deps.database,
    config: deps.config,
    now: deps.now ?? Date.now,
    log: deps.log,
    notifyOwner: deps.notifyOwner ?? (async () => {}),
  };
}

function errorSummary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `failed: ${message}`.slice(0, 500);
}

/**
 * Runs one job now under its lock (the scheduler and `npm run admin -- jobs run <name>` alike) and
 * records the run in `job_runs`: when it started, how long it took, its summary, ok or failed. A
 * run another instance holds the lock for is skipped and not recorded.
 */
export async function runJobNow(job: ScheduledJob, deps: RunnerDeps): Promise<RunOutcome> {
  const context = contextOf(deps);
  const startedAt = context.now();
  const clockStart = performance.now();
  const locked = await withJobLock(deps.database, job, context.now, async () => {
    try {
      const result: JobResult = await job.run(context);
      return { outcome: 'ok' as const, summary: result.summary };
    } catch (error) {
      deps.log.error({ err: error, job: job.name }, 'scheduled job failed');
      return { outcome: 'failed' as const, summary: errorSummary(error) };
    }
  });
  if (!locked.ran) return locked;
  const durationMs = Math.round(performance.now() - clockStart);
  await deps.database.db
    .insertInto('job_runs')
    .values({
      name: job.name,
      started_at: new Date(startedAt).toISOString(),
      duration_ms: durationMs,
      summary: locked.value.summary,
      outcome: locked.value.outcome,
    })
    .execute();
  return { ran: true, ...locked.value, durationMs };
}

export interface LastRun {
  startedAt: string;
  durationMs: number;
  summary: string;
  outcome: 'ok' | 'failed';
}

/** Each job's last recorded run (one indexed lookup per job). */
export async function lastRuns(
  database: Database,
  jobs: readonly ScheduledJob[],
): Promise<Map<string, LastRun>> {
  const out = new Map<string, LastRun>();
  for (const job of jobs) {
    const row = await database.db
      .selectFrom('job_runs')
      .select(['started_at', 'duration_ms', 'summary', 'outcome'])
      .where('name', '=', job.name)
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) {
      out.set(job.name, {
        startedAt: new Date(row.started_at).toISOString(),
        durationMs: row.duration_ms,
        summary: row.summary,
        outcome: row.outcome,
      });
    }
  }
  return out;
}

/**
 * The jobs that have not run in twice their period (counted from `since` when a job never ran:
 * the runner's start), each logged as a warning. Answers their names.
 */
export async function warnAboutLateJobs(
  database: Database,
  jobs: readonly ScheduledJob[],
  log: JobLog,
  now: number,
  since: number,
): Promise<string[]> {
  const last = await lastRuns(database, jobs);
  const late: string[] = [];
  for (const job of jobs) {
    const run = last.get(job.name);
    const at = run ? Date.parse(run.startedAt) : since;
    if (now - at > 2 * job.periodMs) {
      late.push(job.name);
      log.warn(
        { job: job.name, lastRunAt: run?.startedAt ?? null, periodMs: job.periodMs },
        'scheduled job has not run in twice its period',
      );
    }
  }
  return late;
}

/** How long after start the first round of each job waits: out of the way of startup. */
export const FIRST_RUN_DELAY_MS = 60_000;
/** How often the runner looks for late jobs. */
export const WATCHDOG_MS = 5 * 60_000;

/**
 * Starts every job on its period on this instance (each waits for its previous run to end before
 * the next is timed) and the watchdog for late jobs. `stop` ends the timers and waits for runs
 * under way (the app's onClose).
 */
export function startJobRunner(
  jobs: readonly ScheduledJob[],
  deps: RunnerDeps,
  { firstRunDelayMs = FIRST_RUN_DELAY_MS } = {},
): { stop(): Promise<void> } {
  const now = deps.now ?? Date.now;
  const started = now();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms).unref();
    timers.add(timer);
  };
  const track = (promise: Promise<unknown>) => {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
    return promise;
  };
  for (const job of jobs) {
    const round = async () => {
      await track(
        runJobNow(job, deps).catch((error: unknown) =>
          deps.log.error({ err: error, job: job.name }, 'scheduled job could not run'),
        ),
      );
      later(job.periodMs, () => void round());
    };
    later(firstRunDelayMs, () => void round());
  }
  const watchdog = async () => {
    await track(
      warnAboutLateJobs(deps.database, jobs, deps.log, now(), started).catch(() => undefined),
    );
    later(WATCHDOG_MS, () => void watchdog());
  };
  later(WATCHDOG_MS, () => void watchdog());
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
