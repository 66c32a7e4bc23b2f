import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { compiledLookup } from '../../db/prepared-statements.ts';
import type { DB, VoteReason } from '../../db/schema.ts';

export interface ListingServiceRow {
  id: string;
  name: string;
  domain: string;
  listing_rev: number | string;
  link_hosts: string;
}

/** The service and its listing revision: the one lookup of a cached service page. */
export const findListingService = compiledLookup<DB, ListingServiceRow>((db, serviceId) =>
  db
    .selectFrom('services')
    .select(['id', 'name', 'domain', 'listing_rev', 'link_hosts'])
    .where('id', '=', serviceId),
);

export interface ListedCodeRow {
  id: string;
  user_id: string;
  username: string;
  service: string;
  service_name: string;
  product_name: string | null;
  code: string;
  reward: string;
  link: string | null;
  created_at: string;
  updated_at: string;
  expires_on: string | null;
  countries: string | null;
  owner_created_at: string;
  display_name: string | null;
  avatar_hash: string | null;
  details_hidden_at: string | null;
}

/**
 * Keeps the codes public pages show: listed, unexpired on `today`, not hidden by an admin, their
 * link not broken (decision 111), and their owner enabled with a public profile.
 */
function onlyPublic<O>(
  query: SelectQueryBuilder<DB, 'codes' | 'users' | 'services', O>,
  today: string,
): SelectQueryBuilder<DB, 'codes' | 'users' | 'services', O> {
  return query
    .where('codes.listed', '=', 1)
    .where((eb) => eb.or([eb('codes.expires_on', 'is', null), eb('codes.expires_on', '>=', today)]))
    .where('users.username', 'is not', null)
    .where('users.disabled_at', 'is', null)
    .where('codes.hidden_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('code_links')
            .select('code_links.code_id')
            .whereRef('code_links.code_id', '=', 'codes.id')
            .where('code_links.state', '=', 'broken'),
        ),
      ),
    );
}

/**
 * Every listed, unexpired code of one service whose owner has a public profile and whose link is
 * not broken (decision 111), newest edit first per owner. Reads the partial index `codes_listed_service_idx` (service, user_id,
 * updated_at) where listed = 1: the cost follows this service's listed codes, not the table.
 */
export function listedCodesOfService(
  db: Kysely<DB>,
  serviceId: string,
  today: string,
): Promise<ListedCodeRow[]> {
  return listedCodesQuery(db, serviceId, today).execute() as Promise<ListedCodeRow[]>;
}

/** The query of `listedCodesOfService`, unexecuted (its plan is tested). */
export function listedCodesQuery(db: Kysely<DB>, serviceId: string, today: string) {
  return db
    .selectFrom('codes')
    .innerJoin('users', 'users.id', 'codes.user_id')
    .innerJoin('services', 'services.id', 'codes.service')
    .select([
      'codes.id',
      'codes.user_id',
      'users.username',
      'codes.service',
      'services.name as service_name',
      'codes.product_name',
      'codes.code',
      'codes.reward',
      'codes.link',
      'codes.created_at',
      'codes.updated_at',
      'codes.expires_on',
      'codes.countries',
      'users.created_at as owner_created_at',
      'users.display_name',
      'users.avatar_hash',
      'users.details_hidden_at',
    ])
    .where('codes.service', '=', serviceId)
    .$call((query) => onlyPublic(query, today))
    .orderBy('codes.user_id')
    .orderBy('codes.updated_at', 'desc')
    .orderBy('codes.id', 'desc');
}

/** How many distinct networks answered Yes, and No (decision 093). */
export interface ServiceVoteRow {
  code_id: string;
  yes: number | string;
  no: number | string;
}

/**
 * Per listed code of the service since `sinceDay`, the distinct networks that answered Yes and
 * No: one network voting on many days is one voice in "Worked for N people" and "reported".
 */
export function voteTotalsOfService(
  db: Kysely<DB>,
  serviceId: string,
  sinceDay: string,
): Promise<ServiceVoteRow[]> {
  return voteTotalsQuery(db, serviceId, sinceDay).execute();
}

/** The query of `voteTotalsOfService`, unexecuted (its plan is tested). */
export function voteTotalsQuery(db: Kysely<DB>, serviceId: string, sinceDay: string) {
  return db
    .selectFrom('votes')
    .innerJoin('codes', 'codes.id', 'votes.code_id')
    .select([
      'votes.code_id',
      sql<number>`count(distinct case when votes.worked = 1 then votes.network_hash end)`.as('yes'),
      sql<number>`count(distinct case when votes.worked = 0 then votes.network_hash end)`.as('no'),
    ])
    .where('codes.service', '=', serviceId)
    .where('codes.listed', '=', 1)
    .where('votes.day', '>=', sinceDay)
    .groupBy('votes.code_id');
}

export interface DirectoryRow {
  id: string;
  name: string;
  domain: string;
  link_hosts: string;
  user_id: string;
  link: string | null;
  owner_created_at: string;
}

/**
 * Every listed, unexpired code of a public profile with its service, by service name: the
 * directory counts owners after the listing rules (decision 094), which need each code's link.
 */
export function listDirectory(db: Kysely<DB>, today: string): Promise<DirectoryRow[]> {
  return db
    .selectFrom('codes')
    .innerJoin('users', 'users.id', 'codes.user_id')
    .innerJoin('services', 'services.id', 'codes.service')
    .select([
      'services.id',
      'services.name',
      'services.domain',
      'services.link_hosts',
      'codes.user_id',
      'codes.link',
      'users.created_at as owner_created_at',
      'users.display_name',
      'users.avatar_hash',
      'users.details_hidden_at',
    ])
    .$call((query) => onlyPublic(query, today))
    .orderBy('services.name')
    .orderBy('services.id')
    .execute();
}

/** True when the code exists and is not hidden by an admin (decision 095). */
export async function codeExists(db: Kysely<DB>, codeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('codes')
    .select('id')
    .where('id', '=', codeId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when this visitor hash has a stored copy of the code since `sinceIso` (today, UTC). */
export async function copiedSince(
  db: Kysely<DB>,
  codeId: string,
  visitorHash: string,
  sinceIso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('clicks')
    .select('code_id')
    .where('code_id', '=', codeId)
    .where('visitor_hash', '=', visitorHash)
    .where('clicked_at', '>=', sinceIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores the vote unless this network already answered for this code today; true when stored. */
export async function insertVote(
  db: Kysely<DB>,
  vote: {
    codeId: string;
    networkHash: string;
    day: string;
    worked: boolean;
    reason: VoteReason | null;
    createdAt: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('votes')
    .values({
      code_id: vote.codeId,
      network_hash: vote.networkHash,
      day: vote.day,
      worked: vote.worked ? 1 : 0,
      reason: vote.worked ? null : vote.reason,
      created_at: vote.createdAt,
    })
    .onConflict((oc) => oc.columns(['code_id', 'network_hash', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
