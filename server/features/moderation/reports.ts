import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type reportSchema,
} from '../../../shared/moderation-schemas.ts';
import { nowIso } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { isBotUserAgent } from '../codes/clicks.service.ts';
import {
  type CaseTarget,
  codeSnapshot,
  codeTargetKey,
  openCaseFor,
  profileSnapshot,
  profileTargetKey,
  type TargetRef,
  touchListing,
} from './cases.ts';

type ReportValues = z.output<typeof reportSchema>;

export type ReportOutcome = 'counted' | 'repeat' | 'bot';

/** The reported target, if a visitor can see it: a shown code of an enabled public profile. */
async function publicTarget(
  db: Kysely<DB>,
  target: ReportValues['target'],
): Promise<{ ref: TargetRef; snapshot: CaseTarget }> {
  if (target.type === 'code') {
    const found = await codeSnapshot(db, target.codeId.toLowerCase());
    const owner = found
      ? await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', found.ownerId)
          .where('disabled_at', 'is', null)
          .where('username', 'is not', null)
          .executeTakeFirst()
      : undefined;
    if (!found || found.hidden || !owner) throw errors.notFound(MODERATION_MESSAGES.codeNotFound);
    const { codeId } = found.target;
    return {
      ref: { key: codeTargetKey(codeId), type: 'code', codeId, ownerId: found.ownerId },
      snapshot: found.target,
    };
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', '=', target.username.toLowerCase())
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!user?.username) throw errors.notFound(MODERATION_MESSAGES.profileNotFound);
  return {
    ref: { key: profileTargetKey(user.id), type: 'profile', codeId: null, ownerId: user.id },
    // What the visitor saw: the display name, bio, avatar and links too (issue 26).
    snapshot: (await profileSnapshot(db, user.id)) ?? { type: 'profile', username: user.username },
  };
}

async function networkCount(db: Kysely<DB>, caseId: string): Promise<number> {
  const row = await db
    .selectFrom('moderation_reports')
    .select(sql<number>`count(distinct network_hash)`.as('n'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a visitor's report: at most one per reporter network, target and UTC day (decision 095).
 * Bots are answered like everyone and not counted. A report never hides anything by itself.
 */
export async function submitReport(
  db: Kysely<DB>,
  input: ReportValues,
  reporter: { networkHash: string; userAgent: string | undefined },
  /** Called once the report is stored that brought a code to 3 networks (its owner is told). */
  onSinkNetworks?: (code: { codeId: string; ownerId: string; caseId: string }) => void,
): Promise<ReportOutcome> {
  const { ref, snapshot } = await publicTarget(db, input.target);
  if (isBotUserAgent(reporter.userAgent)) return 'bot';
  const now = nowIso();
  const day = now.slice(0, 10);
  let reached: { codeId: string; ownerId: string; caseId: string } | undefined;
  const outcome = await db.transaction().execute(async (trx): Promise<ReportOutcome> => {
    const seen = await trx
      .selectFrom('moderation_reports')
      .select('id')
      .where('target_key', '=', ref.key)
      .where('network_hash', '=', reporter.networkHash)
      .where('day', '=', day)
      .executeTakeFirst();
    if (seen) return 'repeat';
    const caseId = await openCaseFor(trx, ref, snapshot, now);
    const inserted = await trx
      .insertInto('moderation_reports')
      .values({
        case_id: caseId,
        target_key: ref.key,
        network_hash: reporter.networkHash,
        day,
        reason: input.reason,
        note: input.note,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['target_key', 'network_hash', 'day']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'repeat';
    await trx
      .updateTable('moderation_cases')
      .set((eb) => ({
        first_reported_at: eb.fn.coalesce('first_reported_at', eb.val(now)),
        last_reported_at: now,
        activity_at: now,
      }))
      .where('id', '=', caseId)
      .execute();
    // From the third network on, the code sinks on its service page (decision 095).
    if (ref.codeId) {
      const networks = await networkCount(trx, caseId);
      if (networks >= MODERATION_LIMITS.sinkNetworks) await touchListing(trx, ref.codeId);
      if (networks === MODERATION_LIMITS.sinkNetworks) {
        reached = { codeId: ref.codeId, ownerId: ref.ownerId, caseId };
      }
    }
    return 'counted';
  });
  if (reached) onSinkNetworks?.(reached);
  return outcome;
}
