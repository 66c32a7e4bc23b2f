import { linkBelongsToService } from '../../../shared/listing-rules.ts';
import type { LinkState } from '../../db/schema.ts';
import type { ProbeResult } from './link-probe.ts';

/** Failed checks in a row that make a link 'broken' (issue 28). */
export const BROKEN_AFTER_FAILURES = 3;
/** Each link is checked at most once a day. */
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/**
 * Each next check comes up to an hour later than a day (at random): links first checked together
 * (the migration's backlog, an import) drift apart over the day instead of coming due together.
 */
export const CHECK_JITTER_MS = 60 * 60 * 1000;

/** What a check found, as stored in `code_links.last_outcome`. */
export type LinkOutcome =
  | 'ok'
  | 'not_found'
  | 'gone'
  | 'dns'
  | 'refused'
  | 'blocked'
  | 'home_redirect'
  | 'timeout'
  | 'server_error'
  | 'status'
  | 'redirects'
  | 'error'
  | 'deferred';

const FAILURES: ReadonlySet<LinkOutcome> = new Set([
  'not_found',
  'gone',
  'dns',
  'refused',
  'blocked',
  'home_redirect',
]);

/** A failure counts toward 'broken'; a success restores; the rest change nothing but the date. */
export function verdictOf(outcome: LinkOutcome): 'success' | 'failure' | 'inconclusive' {
  if (outcome === 'ok') return 'success';
  return FAILURES.has(outcome) ? 'failure' : 'inconclusive';
}

export interface ServiceRules {
  domain: string;
  linkHosts: readonly string[];
  /** `services.home_redirect_broken`. */
  homeRedirectBroken: boolean;
}

const isRoot = (url: URL) => (url.pathname === '/' || url.pathname === '') && url.search === '';

/**
 * The outcome of a probe under the service's rules (decision 111): 404 and 410 fail; a 2xx is a
 * success unless the link was redirected to the root of the service's own site (its domain, a
 * subdomain or an allowed host) from a deeper address and the service says that means a dead
 * link; 5xx and other statuses (401, 403, 429: a bot wall is not a dead link) are inconclusive.
 */
export function outcomeOf(result: ProbeResult, link: string, service: ServiceRules): LinkOutcome {
  if (result.kind === 'error') return result.outcome;
  const { status } = result;
  if (status === 404) return 'not_found';
  if (status === 410) return 'gone';
  if (status >= 500) return 'server_error';
  if (status < 200 || status >= 300) return 'status';
  if (result.redirected && service.homeRedirectBroken) {
    const final = new URL(result.finalUrl);
    if (
      isRoot(final) &&
      !isRoot(new URL(link)) &&
      linkBelongsToService(final.href, service.domain, service.linkHosts)
    ) {
      return 'home_redirect';
    }
  }
  return 'ok';
}

/** A code's link row as the job reads it. */
export interface LinkRowState {
  state: LinkState;
  failures: number;
  streak_started_at: string | null;
}

export interface LinkTransition {
  state: LinkState;
  failures: number;
  streakStartedAt: string | null;
  /** The owner hears of it: the link just became 'broken', or came back. */
  event?: 'link-broken' | 'link-restored';
}

/** The row after a conclusive check at `nowIso` (an inconclusive one keeps the state). */
export function nextState(row: LinkRowState, outcome: LinkOutcome, nowIso: string): LinkTransition {
  const verdict = verdictOf(outcome);
  const kept = {
    state: row.state,
    failures: Number(row.failures),
    streakStartedAt: row.streak_started_at,
  };
  if (verdict === 'inconclusive') return kept;
  if (verdict === 'success') {
    return {
      state: 'ok',
      failures: 0,
      streakStartedAt: null,
      ...(row.state === 'broken' ? { event: 'link-restored' as const } : {}),
    };
  }
  const failures = kept.failures + 1;
  const streakStartedAt = kept.streakStartedAt ?? nowIso;
  if (failures >= BROKEN_AFTER_FAILURES) {
    return {
      state: 'broken',
      failures,
      streakStartedAt,
      ...(row.state !== 'broken' ? { event: 'link-broken' as const } : {}),
    };
  }
  return { state: row.state === 'broken' ? 'broken' : row.state, failures, streakStartedAt };
}
