import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type AuditEntry,
  type appealDecisionSchema,
  type appealSchema,
  type CodeModeration,
  type DetailsModeration,
  MODERATION_MESSAGES,
} from '../../../shared/moderation-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import {
  type Actor,
  type ModerationContext,
  mailOwner,
  presentEntry,
  recordAction,
  resolveAccount,
  resolveCode,
  showDetails,
  unhideCode,
} from './actions.ts';
import {
  closeCases,
  codeSnapshot,
  codeTargetKey,
  openCaseFor,
  profileSnapshot,
  profileTargetKey,
  type TargetRef,
} from './cases.ts';

type AppealValues = z.output<typeof appealSchema>;
type DecisionValues = z.output<typeof appealDecisionSchema>;

const appealNotFound = () => errors.notFound(MODERATION_MESSAGES.appealNotFound);

/**
 * The owner appeals the hiding of one of their codes (once per action). The appeal joins the
 * code's open case, or opens one, so it shows in the Reports section.
 */
export async function fileAppeal(
  db: Kysely<DB>,
  userId: string,
  values: AppealValues,
): Promise<{ id: string }> {
  const code = await db
    .selectFrom('codes')
    .select(['id', 'user_id'])
    .where('hidden_action_id', '=', values.actionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Or the hiding of the owner's profile details (issue 26).
  const details = code
    ? undefined
    : await db
        .selectFrom('users')
        .select('id')
        .where('details_hidden_action_id', '=', values.actionId)
        .where('id', '=', userId)
        .executeTakeFirst();
  if (!code && !details) throw appealNotFound();
  const id = newId();
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      let caseId: string;
      if (code) {
        const snapshot = await codeSnapshot(trx, code.id);
        if (!snapshot) throw appealNotFound();
        const ref: TargetRef = {
          key: codeTargetKey(code.id),
          type: 'code',
          codeId: code.id,
          ownerId: userId,
        };
        caseId = await openCaseFor(trx, ref, snapshot.target, now);
      } else {
        const snapshot = await profileSnapshot(trx, userId);
        if (!snapshot) throw appealNotFound();
        const ref: TargetRef = {
          key: profileTargetKey(userId),
          type: 'profile',
          codeId: null,
          ownerId: userId,
        };
        caseId = await openCaseFor(trx, ref, snapshot, now);
      }
      await trx
        .insertInto('moderation_appeals')
        .values({
          id,
          action_id: values.actionId,
          case_id: caseId,
          user_id: userId,
          note: values.note,
          status: 'open',
          created_at: now,
          decided_at: null,
          answer: null,
        })
        .execute();
      await trx
        .updateTable('moderation_cases')
        .set({ activity_at: now })
        .where('id', '=', caseId)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(MODERATION_MESSAGES.appealExists);
    throw error;
  }
  return { id };
}

/**
 * An admin answers an appeal: 'restore' shows the code again, 'keep' leaves it hidden. Either is
 * an audit-log entry, closes the case, and is mailed to the owner with the admin's reason.
 */
export async function decideAppeal(
  ctx: ModerationContext,
  actor: Actor,
  appealId: string,
  values: DecisionValues,
): Promise<AuditEntry> {
  const { db } = ctx;
  const appeal = await db
    .selectFrom('moderation_appeals as a')
    .innerJoin('moderation_actions as m', 'm.id', 'a.action_id')
    .select(['a.id', 'a.status', 'a.case_id', 'm.code_id', 'm.action', 'a.user_id'])
    .where('a.id', '=', appealId)
    .executeTakeFirst();
  const details = appeal?.action === 'hide_profile_details';
  if (!appeal || (!appeal.code_id && !details)) throw appealNotFound();
  if (appeal.status !== 'open') throw errors.conflict(MODERATION_MESSAGES.appealClosed);
  const target = appeal.code_id
    ? await resolveCode(db, appeal.code_id)
    : { ...(await resolveAccount(db, appeal.user_id, true)), about: { type: 'details' as const } };
  const now = nowIso();
  const restore =
    values.decision === 'restore' && (details ? target.detailsHidden : target.codeHidden);
  const targetKey = appeal.code_id
    ? codeTargetKey(appeal.code_id)
    : profileTargetKey(appeal.user_id);
  const entry = await db.transaction().execute(async (trx) => {
    const row = await recordAction(
      trx,
      actor,
      restore ? 'restore' : 'keep_hidden',
      target,
      values.reason,
      appeal.case_id,
      now,
    );
    if (restore && appeal.code_id) await unhideCode(trx, appeal.code_id, values.reason, now);
    if (restore && !appeal.code_id) await showDetails(trx, appeal.user_id, values.reason, now);
    await trx
      .updateTable('moderation_appeals')
      .set({ status: restore ? 'restored' : 'kept', decided_at: now, answer: values.reason })
      .where('id', '=', appeal.id)
      .where('status', '=', 'open')
      .execute();
    await closeCases(trx, [targetKey], now);
    return row;
  });
  mailOwner(
    ctx,
    target,
    { kind: restore ? 'restore' : 'keep_hidden', reason: values.reason, answersAppeal: true },
    entry.id,
  );
  return presentEntry(entry);
}

/** What a hiding's state is read from: `m` is its audit-log entry, `a` (left-joined) its appeal. */
const HIDING_COLUMNS = [
  'm.id as action_id',
  'm.reason',
  'a.status',
  'a.note',
  'a.created_at as appeal_at',
  'a.answer',
] as const;

type Hiding = NonNullable<CodeModeration>;

/** A hidden code's or profile details' moderation state for their owner, from HIDING_COLUMNS. */
function presentHiding(
  row: {
    action_id: string;
    reason: string;
    status: NonNullable<Hiding['appeal']>['status'] | null;
    note: string | null;
    appeal_at: string | null;
    answer: string | null;
  },
  hiddenAt: string | null,
): Hiding {
  return {
    actionId: row.action_id,
    hiddenAt: hiddenAt ?? '',
    reason: row.reason,
    appeal:
      row.status && row.note !== null && row.appeal_at !== null
        ? {
            status: row.status,
            note: row.note,
            createdAt: row.appeal_at,
            ...(row.answer ? { answer: row.answer } : {}),
          }
        : null,
  };
}

/** The profile details' moderation state for their owner (GET /api/me/profile); null when shown. */
export async function detailsModerationOf(
  db: Kysely<DB>,
  userId: string,
): Promise<DetailsModeration> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('moderation_actions as m', 'm.id', 'u.details_hidden_action_id')
    .leftJoin('moderation_appeals as a', 'a.action_id', 'm.id')
    .select(['u.details_hidden_at', ...HIDING_COLUMNS])
    .where('u.id', '=', userId)
    .where('u.details_hidden_at', 'is not', null)
    .executeTakeFirst();
  return row ? presentHiding(row, row.details_hidden_at) : null;
}

/** Each hidden code's moderation state for its owner's dashboard (GET /api/codes). */
export async function hiddenCodesOf(
  db: Kysely<DB>,
  userId: string,
): Promise<Map<string, NonNullable<CodeModeration>>> {
  const rows = await db
    .selectFrom('codes as c')
    .innerJoin('moderation_actions as m', 'm.id', 'c.hidden_action_id')
    .leftJoin('moderation_appeals as a', 'a.action_id', 'm.id')
    .select(['c.id', 'c.hidden_at', ...HIDING_COLUMNS])
    .where('c.user_id', '=', userId)
    .where('c.hidden_at', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, presentHiding(row, row.hidden_at)]));
}
