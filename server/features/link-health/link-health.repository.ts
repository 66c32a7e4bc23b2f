import type { Kysely, Transaction } from 'kysely';
import type { DB, LinkState } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const RUN = 'link-health';

/**
 * Claims the run: only when the last run finished at least `gapMs` ago (every request of one run
 * then falls outside the minute of the previous run's), or started `staleMs` ago and never
 * finished (its instance died). True when this caller won it.
 */
export async function claimRun(
  db: Db,
  now: number,
  gapMs: number,
  staleMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('link_health_runs')
    .set({ started_at: new Date(now).toISOString(), finished_at: null })
    .where('name', '=', RUN)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('finished_at', 'is not', null),
          eb('finished_at', '<=', new Date(now - gapMs).toISOString()),
        ]),
        eb.and([
          eb('finished_at', 'is', null),
          eb('started_at', '<=', new Date(now - staleMs).toISOString()),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishRun(db: Db, now: number): Promise<void> {
  await db
    .updateTable('link_health_runs')
    .set({ finished_at: new Date(now).toISOString() })
    .where('name', '=', RUN)
    .execute();
}

export interface DueLinkRow {
  code_id: string;
  link: string;
  domain: string;
  link_hosts: string;
  home_redirect_broken: number;
}

/**
 * The links due by `nowIso`, the longest waiting first: a range of the partial index
 * `code_links_due_idx`, whatever the number of codes that are not due.
 */
export function dueLinks(db: Db, nowIso: string, limit: number): Promise<DueLinkRow[]> {
  return db
    .selectFrom('code_links')
    .innerJoin('codes', 'codes.id', 'code_links.code_id')
    .innerJoin('services', 'services.id', 'codes.service')
    .select([
      'code_links.code_id',
      'codes.link',
      'services.domain',
      'services.link_hosts',
      'services.home_redirect_broken',
    ])
    .where('code_links.next_check_at', 'is not', null)
    .where('code_links.next_check_at', '<=', nowIso)
    .orderBy('code_links.next_check_at')
    .limit(limit)
    .execute() as Promise<DueLinkRow[]>;
}

export interface LinkedCodeRow {
  code_id: string;
  user_id: string;
  service: string;
  domain: string;
  link_hosts: string;
  home_redirect_broken: number;
  state: LinkState;
  failures: number;
  streak_started_at: string | null;
}

/**
 * Every listed code with this exact link (due or not): one check serves them all, and they are
 * next due together. Reads `codes_listed_link_idx`.
 */
export function codesWithLink(db: Db, link: string): Promise<LinkedCodeRow[]> {
  return db
    .selectFrom('codes')
    .innerJoin('code_links', 'code_links.code_id', 'codes.id')
    .innerJoin('services', 'services.id', 'codes.service')
    .select([
      'code_links.code_id',
      'codes.user_id',
      'codes.service',
      'services.domain',
      'services.link_hosts',
      'services.home_redirect_broken',
      'code_links.state',
      'code_links.failures',
      'code_links.streak_started_at',
    ])
    .where('codes.link', '=', link)
    .where('codes.listed', '=', 1)
    .where('code_links.next_check_at', 'is not', null)
    .execute() as Promise<LinkedCodeRow[]>;
}

/** Writes a check's result, unless the code's link changed meanwhile (its row started over). */
export async function saveCheck(
  db: Db,
  codeId: string,
  link: string,
  values: {
    state: LinkState;
    failures: number;
    streak_started_at: string | null;
    last_checked_at: string;
    last_outcome: string;
    next_check_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('code_links')
    .set(values)
    .where('code_id', '=', codeId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('codes')
          .select('codes.id')
          .where('codes.id', '=', codeId)
          .where('codes.link', '=', link),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A link whose host had its share of requests waits until `nextIso`. */
export async function deferCheck(db: Db, codeIds: string[], nextIso: string): Promise<void> {
  if (codeIds.length === 0) return;
  await db
    .updateTable('code_links')
    .set({ next_check_at: nextIso })
    .where('code_id', 'in', codeIds)
    .execute();
}
