import type { Kysely, Transaction } from 'kysely';
import type { CodeUpdate, DB, NewCode } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The columns every code answer is built from (see codes.presenter.ts). */
export interface CodeWithServiceRow {
  id: string;
  service: string;
  service_name: string;
  product_name: string | null;
  code: string;
  reward: string;
  link: string | null;
  clicks: number;
  created_at: string;
  updated_at: string;
  listed: number;
  expires_on: string | null;
  countries: string | null;
  service_domain: string;
  service_link_hosts: string;
  owner_created_at: string;
  /** `code_links` (decision 111): null when the code has no link row. */
  link_state: 'unknown' | 'ok' | 'broken' | null;
  link_checked_at: string | null;
}

/** A code's "Did it work?" answers since a day, by answer and reason (decision 070). */
export interface VoteCountRow {
  code_id: string;
  worked: number;
  reason: string | null;
  n: number | string | bigint;
}

function selectCodesWithService(db: Db) {
  return db
    .selectFrom('codes')
    .innerJoin('services', 'services.id', 'codes.service')
    .innerJoin('users', 'users.id', 'codes.user_id')
    .leftJoin('code_links', 'code_links.code_id', 'codes.id')
    .select([
      'code_links.state as link_state',
      'code_links.last_checked_at as link_checked_at',
      'codes.id',
      'codes.service',
      'services.name as service_name',
      'services.domain as service_domain',
      'services.link_hosts as service_link_hosts',
      'users.created_at as owner_created_at',
      'codes.product_name',
      'codes.code',
      'codes.reward',
      'codes.link',
      'codes.clicks',
      'codes.created_at',
      'codes.updated_at',
      'codes.listed',
      'codes.expires_on',
      'codes.countries',
    ]);
}

/** The owner's codes, newest first (ids are UUIDv7, so they break same-millisecond ties). */
export function listCodesByUser(db: Db, userId: string): Promise<CodeWithServiceRow[]> {
  return selectCodesWithService(db)
    .where('codes.user_id', '=', userId)
    .orderBy('codes.created_at', 'desc')
    .orderBy('codes.id', 'desc')
    .execute();
}

/** One code, only when it belongs to `userId`. */
export function findOwnedCode(
  db: Db,
  userId: string,
  codeId: string,
): Promise<CodeWithServiceRow | undefined> {
  return selectCodesWithService(db)
    .where('codes.id', '=', codeId)
    .where('codes.user_id', '=', userId)
    .executeTakeFirst();
}

/** How many codes the user has (at most the cap: a walk of their `user_id` index entries). */
export async function countCodesByUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCode(db: Db, code: NewCode): Promise<void> {
  await db.insertInto('codes').values(code).execute();
}

/** Updates the code only when `userId` owns it; false when there is no such code of theirs. */
export async function updateOwnedCode(
  db: Db,
  userId: string,
  codeId: string,
  changes: CodeUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('codes')
    .set(changes)
    .where('id', '=', codeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the code (and, by cascade, its click events) only when `userId` owns it. */
export async function deleteOwnedCode(db: Db, userId: string, codeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('codes')
    .where('id', '=', codeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The answers to the owner's codes since `sinceDay` ('YYYY-MM-DD'), grouped (decision 070). */
export function voteCountsByOwner(
  db: Db,
  userId: string,
  sinceDay: string,
): Promise<VoteCountRow[]> {
  return db
    .selectFrom('votes')
    .innerJoin('codes', 'codes.id', 'votes.code_id')
    .select(['votes.code_id', 'votes.worked', 'votes.reason', (eb) => eb.fn.countAll().as('n')])
    .where('codes.user_id', '=', userId)
    .where('votes.day', '>=', sinceDay)
    .groupBy(['votes.code_id', 'votes.worked', 'votes.reason'])
    .execute() as Promise<VoteCountRow[]>;
}
