import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { rowBatch } from '../../db/row-batch.ts';
import type { DB, LinkState } from '../../db/schema.ts';
import { oncePer } from '../../once-per.ts';

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

/** What checking a code's link needs: the link, and its service's hosts and home redirect. */
export interface DueLinkRow {
  code_id: string;
  link: string;
  domain: string;
  link_hosts: string;
  home_redirect_broken: number;
}

/** The columns of DueLinkRow, from `code_links`, `codes` and `services` joined. */
const LINK_CHECK_COLUMNS = [
  'code_links.code_id',
  'codes.link',
  'services.domain',
  'services.link_hosts',
  'services.home_redirect_broken',
] as const;

/**
 * The links due by `nowIso`, the longest waiting first: a range of the partial index
 * `code_links_due_idx`, whatever the number of codes that are not due.
 */
export function dueLinks(db: Db, nowIso: string, limit: number): Promise<DueLinkRow[]> {
  return db
    .selectFrom('code_links')
    .innerJoin('codes', 'codes.id', 'code_links.code_id')
    .innerJoin('services', 'services.id', 'codes.service')
    .select(LINK_CHECK_COLUMNS)
    .where('code_links.next_check_at', 'is not', null)
    .where('code_links.next_check_at', '<=', nowIso)
    .orderBy('code_links.next_check_at')
    .limit(limit)
    .execute() as Promise<DueLinkRow[]>;
}

export interface LinkedCodeRow extends DueLinkRow {
  user_id: string;
  service: string;
  state: LinkState;
  failures: number;
  streak_started_at: string | null;
}

/**
 * Every listed code with one of these exact links (due or not): one check serves them all, and
 * they are next due together. Reads `codes_listed_link_idx`.
 */
export function codesWithLinks(db: Db, links: readonly string[]): Promise<LinkedCodeRow[]> {
  return db
    .selectFrom('codes')
    .innerJoin('code_links', 'code_links.code_id', 'codes.id')
    .innerJoin('services', 'services.id', 'codes.service')
    .select([
      ...LINK_CHECK_COLUMNS,
      'codes.user_id',
      'codes.service',
      'code_links.state',
      'code_links.failures',
      'code_links.streak_started_at',
    ])
    .where('codes.link', 'in', links)
    .where('codes.listed', '=', 1)
    .where('code_links.next_check_at', 'is not', null)
    .execute() as Promise<LinkedCodeRow[]>;
}

/** One code's check, as `saveChecks` writes it. */
export type CheckTuple = readonly [
  codeId: string,
  link: string,
  state: LinkState,
  failures: string,
  streakStartedAt: string | null,
  checkedAt: string,
  outcome: string,
  nextCheckAt: string,
];

const compiledSave = oncePer((database: Database) => {
  // `streak_started_at` may be null: both forms of a row batch carry a null as such.
  const batch = rowBatch<readonly string[]>(database.dialect, 'batch', {
    code_id: 'text',
    link: 'text',
    state: 'text',
    failures: 'text',
    streak_started_at: 'timestamp',
    last_checked_at: 'timestamp',
    last_outcome: 'text',
    next_check_at: 'timestamp',
  });
  // A code whose link changed since it was read started over: its row is left alone.
  const query = sql`
    update code_links set
      state = batch.state,
      failures = cast(batch.failures as integer),
      streak_started_at = batch.streak_started_at,
      last_checked_at = batch.last_checked_at,
      last_outcome = batch.last_outcome,
      next_check_at = batch.next_check_at
    from ${batch.table}
    where code_links.code_id = batch.code_id
      and exists (select 1 from codes where codes.id = batch.code_id and codes.link = batch.link)
    returning code_links.code_id`.compile(database.db);
  return { query, batch };
});

/** Writes many codes' checks in one statement; answers the ids written. */
export async function saveChecks(
  database: Database,
  db: Db,
  checks: readonly CheckTuple[],
): Promise<Set<string>> {
  if (checks.length === 0) return new Set();
  const { query, batch } = compiledSave(database);
  const result = await db.executeQuery<{ code_id: string }>({
    ...query,
    parameters: batch.parameters(checks as unknown as readonly (readonly string[])[]),
  } as typeof query);
  return new Set(result.rows.map((row) => row.code_id));
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
