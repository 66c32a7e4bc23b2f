import { type Kysely, sql, type Transaction } from 'kysely';
import {
  MODERATION_LIMITS,
  type ModerationCase,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/moderation-schemas.ts';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { presentOwnIdentity } from '../profile-identity/identity.presenter.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Closed cases the Reports section shows besides every open one (newest activity first). */
const CLOSED_CASES_SHOWN = 100;

/** What a case is about: a code (with its snapshot) or a profile. */
export type CaseTarget = ModerationCase['target'];
export type CodeTarget = Extract<CaseTarget, { type: 'code' }>;

export interface TargetRef {
  key: string;
  type: 'code' | 'profile';
  codeId: string | null;
  ownerId: string;
}

export const codeTargetKey = (codeId: string) => `code:${codeId}`;
export const profileTargetKey = (userId: string) => `profile:${userId}`;

/** The code as a case shows it; undefined when there is no such code. */
export async function codeSnapshot(db: Db, codeId: string) {
  const row = await db
    .selectFrom('codes')
    .innerJoin('services', 'services.id', 'codes.service')
    .select([
      'codes.id',
      'codes.user_id',
      'codes.service',
      'services.name as service_name',
      'codes.code',
      'codes.reward',
      'codes.product_name',
      'codes.link',
      'codes.hidden_at',
    ])
    .where('codes.id', '=', codeId)
    .executeTakeFirst();
  if (!row) return undefined;
  const target: CodeTarget = {
    type: 'code',
    codeId: row.id,
    serviceId: row.service,
    serviceName: row.service_name,
    code: row.code,
    reward: row.reward,
    productName: row.product_name,
    link: row.link,
  };
  return { ownerId: row.user_id, hidden: row.hidden_at !== null, target };
}

/** The target's open case, opened now (with `target` as its snapshot) when it has none. */
/**
 * A profile as a report or an appeal sees it: its username and what it shows of its owner (issue
 * 26: a profile report covers the display name, bio, avatar and links), as the owner saved them.
 */
export async function profileSnapshot(db: Db, userId: string): Promise<CaseTarget | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['username', 'display_name', 'bio', 'links', 'accent', 'avatar_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row?.username) return undefined;
  const identity = presentOwnIdentity(row);
  return {
    type: 'profile',
    username: row.username,
    displayName: identity.displayName,
    bio: identity.bio,
    avatar: identity.avatar?.url512 ?? null,
    links: identity.links.map((link) => link.url),
  };
}

export async function openCaseFor(
  db: Db,
  ref: TargetRef,
  target: CaseTarget,
  now: string,
): Promise<string> {
  await db
    .insertInto('moderation_cases')
    .values({
      id: newId(),
      target_key: ref.key,
      target_type: ref.type,
      code_id: ref.codeId,
      user_id: ref.ownerId,
      snapshot: JSON.stringify(target),
      status: 'open',
      first_reported_at: null,
      last_reported_at: null,
      activity_at: now,
      created_at: now,
      closed_at: null,
    })
    // The index's own predicate, as a literal: SQLite matches a partial index only so.
    .onConflict((oc) => oc.column('target_key').where(sql<boolean>`status = 'open'`).doNothing())
    .execute();
  const row = await db
    .selectFrom('moderation_cases')
    .select('id')
    .where('target_key', '=', ref.key)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Listed codes of the service reported from at least 3 distinct networks in an open case: they
 * sink below the codes in good standing until an admin decides (decision 095). Reports alone
 * never hide a code.
 */
export async function sunkCodeIds(db: Kysely<DB>, serviceId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('moderation_cases as c')
    .innerJoin('codes as k', 'k.id', 'c.code_id')
    .innerJoin('moderation_reports as r', 'r.case_id', 'c.id')
    .select('c.code_id')
    .where('c.status', '=', 'open')
    .where('k.service', '=', serviceId)
    .groupBy('c.code_id')
    .having(sql`count(distinct r.network_hash)`, '>=', MODERATION_LIMITS.sinkNetworks)
    .execute();
  return new Set(rows.map((row) => row.code_id ?? ''));
}

/** The code's service page is built again (its listing revision moves): it may sink or rise. */
export async function touchListing(db: Db, codeId: string): Promise<void> {
  await db
    .updateTable('services')
    .set((eb) => ({ listing_rev: eb('listing_rev', '+', 1) }))
    .where('id', '=', (eb) =>
      eb.selectFrom('codes').select('service').where('id', '=', codeId).where('listed', '=', 1),
    )
    .execute();
}

/** Closes the target's open cases (an action decided them); a sunk code rises again. */
export async function closeCases(db: Db, targetKeys: string[], now: string): Promise<void> {
  if (targetKeys.length === 0) return;
  const closed = await db
    .updateTable('moderation_cases')
    .set({ status: 'closed', closed_at: now })
    .where('target_key', 'in', targetKeys)
    .where('status', '=', 'open')
    .returning('code_id')
    .execute();
  for (const { code_id } of closed) if (code_id) await touchListing(db, code_id);
}

/**
 * The Reports section, newest activity first: every open case and the latest closed ones, with
 * their reports summed up. An open case is never pushed out by closed ones.
 */
export async function listCases(db: Kysely<DB>): Promise<ModerationCase[]> {
  const rows = (status: 'open' | 'closed') => {
    const query = db
      .selectFrom('moderation_cases as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('codes as k', 'k.id', 'c.code_id')
      .select([
        'c.id',
        'c.status',
        'c.snapshot',
        'c.first_reported_at',
        'c.last_reported_at',
        'u.username',
        'u.email',
        'u.disabled_at',
        'u.details_hidden_at',
        'k.hidden_at',
        'c.activity_at',
      ])
      .where('c.status', '=', status)
      .orderBy('c.activity_at', 'desc')
      .orderBy('c.id', 'desc');
    return (status === 'open' ? query : query.limit(CLOSED_CASES_SHOWN)).execute();
  };
  const [open, closed] = await Promise.all([rows('open'), rows('closed')]);
  const cases = [...open, ...closed].sort(
    (a, b) => b.activity_at.localeCompare(a.activity_at) || b.id.localeCompare(a.id),
  );
  if (cases.length === 0) return [];
  const ids = cases.map((c) => c.id);
  const [reports, appeals] = await Promise.all([
    db
      .selectFrom('moderation_reports')
      .select(['case_id', 'network_hash', 'reason', 'note', 'created_at'])
      .where('case_id', 'in', ids)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('moderation_appeals')
      .select(['id', 'case_id', 'action_id', 'note', 'created_at', 'status'])
      .where('case_id', 'in', ids)
      .orderBy('created_at')
      .execute(),
  ]);
  return cases.map((row): ModerationCase => {
    const own = reports.filter((r) => r.case_id === row.id);
    const appeal = appeals.filter((a) => a.case_id === row.id).at(-1);
    const reasons = REPORT_REASONS.map((reason) => ({
      reason,
      count: own.filter((r) => (r.reason as ReportReason) === reason).length,
    })).filter((entry) => entry.count > 0);
    return {
      id: row.id,
      status: row.status,
      target: JSON.parse(row.snapshot) as CaseTarget,
      owner: { username: row.username, email: row.email },
      reportCount: own.length,
      networkCount: new Set(own.map((r) => r.network_hash)).size,
      reasons,
      notes: own.flatMap((r) => (r.note ? [{ note: r.note, createdAt: r.created_at }] : [])),
      firstReportedAt: row.first_reported_at,
      lastReportedAt: row.last_reported_at,
      state: {
        codeHidden: row.hidden_at !== null,
        accountDisabled: row.disabled_at !== null,
        detailsHidden: row.details_hidden_at !== null,
      },
      appeal: appeal
        ? {
            id: appeal.id,
            actionId: appeal.action_id,
            note: appeal.note,
            createdAt: appeal.created_at,
            status: appeal.status,
          }
        : null,
    };
  });
}
