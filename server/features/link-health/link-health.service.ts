import type { JobContext, JobResult, OwnerEvent } from '../../jobs/job.ts';
import { parseLinkHosts } from '../discovery/listing-eligibility.ts';
import { HostLimiter } from './host-limiter.ts';
import {
  type CheckTuple,
  claimRun,
  codesWithLinks,
  type DueLinkRow,
  deferCheck,
  dueLinks,
  finishRun,
  saveChecks,
} from './link-health.repository.ts';
import { type ProbeOptions, type ProbeResult, probeLink } from './link-probe.ts';
import {
  CHECK_EVERY_MS,
  CHECK_JITTER_MS,
  type LinkOutcome,
  nextState,
  outcomeOf,
} from './link-rules.ts';

const MINUTE_MS = 60_000;
/** A run never starts within a minute of the last one's end: the per-host limit holds across runs. */
export const RUN_GAP_MS = MINUTE_MS;
/** A run that started this long ago and never finished died with its instance. */
const STALE_RUN_MS = 15 * MINUTE_MS;
/** Due rows one run reads; the rest wait for the next run. */
export const DUE_BATCH = 2000;
/** Links whose answers are written in one transaction. */
const WRITE_CHUNK = 500;
/** Hosts checked at once (each host's links one after another). */
const HOST_CONCURRENCY = 8;

export interface LinkHealthCounts {
  checked: number;
  broken: number;
  restored: number;
  deferred: number;
}

/** `Refstash link checker (+https://refstash.example)`: names us and where to read about it. */
export const linkCheckerUserAgent = (appUrl: string) => `Refstash link checker (+${appUrl})`;

const hostOf = (link: string): string | undefined => {
  try {
    return new URL(link).hostname;
  } catch {
    return undefined;
  }
};

/**
 * One run of the link-health job (decision 111): claims the run, reads the due links, checks
 * each distinct link once (its due codes, and every other listed code with the same link, share
 * the answer and the next check a day later), writes each code's state, then tells the owners of
 * codes whose link just broke or came back. A host's links over its per-minute share wait for a
 * later run, spread a minute apart per share. `probe` is the network check (the bench stubs it
 * to time the database's part alone).
 */
export async function runLinkHealth(
  ctx: JobContext,
  probe: (link: string, options: ProbeOptions) => Promise<ProbeResult> = probeLink,
): Promise<JobResult & LinkHealthCounts> {
  const { db } = ctx.database;
  const started = ctx.now();
  if (!(await claimRun(db, started, RUN_GAP_MS, STALE_RUN_MS))) {
    return {
      summary: 'skipped: the last run ended under a minute ago or is still running',
      checked: 0,
      broken: 0,
      restored: 0,
      deferred: 0,
    };
  }
  const counts: LinkHealthCounts = { checked: 0, broken: 0, restored: 0, deferred: 0 };
  const events: OwnerEvent[] = [];
  try {
    const due = await dueLinks(db, new Date(started).toISOString(), DUE_BATCH);
    const byHost = new Map<string, Map<string, DueLinkRow[]>>();
    for (const row of due) {
      const host = hostOf(row.link) ?? '';
      const links = byHost.get(host) ?? new Map<string, DueLinkRow[]>();
      links.set(row.link, [...(links.get(row.link) ?? []), row]);
      byHost.set(host, links);
    }
    const results = new Map<string, ProbeResult>();
    const perMinute = ctx.config.linkCheckPerHostPerMinute;
    const limiter = new HostLimiter(perMinute, ctx.now);
    const checkHost = async (links: Map<string, DueLinkRow[]>) => {
      let waiting = 0;
      for (const [link, rows] of links) {
        const result: ProbeResult = hostOf(link)
          ? await probe(link, {
              userAgent: linkCheckerUserAgent(ctx.config.appUrl),
              timeoutMs: ctx.config.logoFetchTimeoutMs,
              allowLoopback: ctx.config.linkCheckAllowLoopback,
              takeRequest: (host) => limiter.take(host),
            })
          : { kind: 'error', outcome: 'error' };
        if (result.kind === 'error' && result.outcome === 'deferred') {
          const next = ctx.now() + MINUTE_MS * (1 + Math.floor(waiting / perMinute));
          waiting += 1;
          counts.deferred += 1;
          await deferCheck(
            db,
            rows.map((row) => row.code_id),
            new Date(next).toISOString(),
          );
          continue;
        }
        counts.checked += 1;
        results.set(link, result);
      }
    };
    const hosts = [...byHost.values()];
    await Promise.all(
      Array.from({ length: Math.min(HOST_CONCURRENCY, hosts.length) }, async () => {
        for (let links = hosts.shift(); links; links = hosts.shift()) await checkHost(links);
      }),
    );
    const checkedLinks = [...results.keys()];
    for (let i = 0; i < checkedLinks.length; i += WRITE_CHUNK) {
      const chunk = new Map(
        checkedLinks.slice(i, i + WRITE_CHUNK).map((l) => [l, results.get(l)!]),
      );
      await saveResults(ctx, chunk, counts, events);
    }
  } finally {
    await finishRun(db, ctx.now());
  }
  for (const event of events) {
    try {
      await ctx.notifyOwner(event);
    } catch (error) {
      ctx.log.error({ err: error, event }, 'link health: the owner could not be told');
    }
  }
  const summary = `${counts.checked} links checked, ${counts.broken} broken, ${counts.restored} restored${
    counts.deferred ? `, ${counts.deferred} waiting for their host's limit` : ''
  }`;
  if (counts.broken + counts.restored > 0) ctx.log.info(counts, 'link health checked');
  return { summary, ...counts };
}

/**
 * Applies the links' answers to every listed code with one of them: one read and one write
 * (row-batch.ts) in one transaction per chunk.
 */
async function saveResults(
  ctx: JobContext,
  results: ReadonlyMap<string, ProbeResult>,
  counts: LinkHealthCounts,
  events: OwnerEvent[],
): Promise<void> {
  const now = ctx.now();
  const nowIso = new Date(now).toISOString();
  // One next time per link: the codes sharing it stay together.
  const nextOf = new Map(
    [...results.keys()].map((link) => [
      link,
      new Date(now + CHECK_EVERY_MS + Math.floor(Math.random() * CHECK_JITTER_MS)).toISOString(),
    ]),
  );
  const found: OwnerEvent[] = [];
  await ctx.database.db.transaction().execute(async (trx) => {
    const checks: CheckTuple[] = [];
    const pending = new Map<string, OwnerEvent>();
    for (const row of await codesWithLinks(trx, [...results.keys()])) {
      const result = results.get(row.link);
      if (!result) continue;
      const outcome: LinkOutcome = outcomeOf(result, row.link, {
        domain: row.domain,
        linkHosts: parseLinkHosts(row.link_hosts),
        homeRedirectBroken: Number(row.home_redirect_broken) === 1,
      });
      const after = nextState(row, outcome, nowIso);
      checks.push([
        row.code_id,
        row.link,
        after.state,
        String(after.failures),
        after.streakStartedAt,
        nowIso,
        outcome,
        nextOf.get(row.link)!,
      ]);
      if (!after.event) continue;
      pending.set(row.code_id, {
        kind: after.event,
        userId: row.user_id,
        codeId: row.code_id,
        dedupeKey:
          after.event === 'link-broken'
            ? `link-broken:${row.code_id}:${after.streakStartedAt}`
            : `link-restored:${row.code_id}:${nowIso}`,
      });
    }
    const saved = await saveChecks(ctx.database, trx, checks);
    for (const [codeId, event] of pending) if (saved.has(codeId)) found.push(event);
  });
  for (const event of found) {
    if (event.kind === 'link-broken') counts.broken += 1;
    else counts.restored += 1;
    events.push(event);
  }
}
