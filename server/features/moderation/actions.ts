import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  type AuditAction,
  type AuditEntry,
  MODERATION_MESSAGES,
  type moderationActionRequestSchema,
} from '../../../shared/moderation-schemas.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { DB, ModerationActionsTable } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { closeCases, codeSnapshot, codeTargetKey, profileTargetKey } from './cases.ts';
import { composeOwnerMail, type MailSubjectOf, type OwnerMailInput } from './moderation-mail.ts';

type ActionValues = z.output<typeof moderationActionRequestSchema>;
type Db = Kysely<DB> | Transaction<DB>;

/** Who acts: a signed-in admin, or the shell (`npm run admin`). */
export type Actor = { userId: string; username: string | null } | { cli: true };

export interface ModerationContext {
  db: Kysely<DB>;
  /** Owner mails go through the mail queue (decision 109). */
  outbox: Outbox;
  appUrl: string;
  log: { error(obj: object, msg: string): void };
}

/** An action's target, resolved: the code (with its owner) or the account. */
interface Resolved {
  type: 'code' | 'account';
  label: string;
  codeId: string | null;
  ownerId: string;
  ownerUsername: string | null;
  ownerEmail: string;
  about: MailSubjectOf;
  codeHidden: boolean;
  accountDisabled: boolean;
  /** An admin's 'Hide profile details' holds (issue 26). */
  detailsHidden: boolean;
}

async function owner(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function resolveCode(db: Db, codeId: string): Promise<Resolved> {
  const found = await codeSnapshot(db, codeId.toLowerCase());
  if (!found) throw errors.notFound(MODERATION_MESSAGES.codeNotFound);
  const { target } = found;
  const user = await owner(db, found.ownerId);
  return {
    type: 'code',
    label: `${target.serviceName} code ${target.code}${user.username ? ` of @${user.username}` : ''}`,
    codeId: target.codeId,
    ownerId: user.id,
    ownerUsername: user.username,
    ownerEmail: user.email,
    about: { type: 'code', serviceName: target.serviceName, code: target.code },
    codeHidden: found.hidden,
    accountDisabled: user.disabled_at !== null,
    detailsHidden: false,
  };
}

/** An account by username, or (with `byId`) by id. */
export async function resolveAccount(db: Db, username: string, byId = false): Promise<Resolved> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'disabled_at', 'details_hidden_at'])
    .where(byId ? 'id' : 'username', '=', byId ? username : username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw errors.notFound(MODERATION_MESSAGES.profileNotFound);
  return {
    type: 'account',
    label: `@${user.username}`,
    codeId: null,
    ownerId: user.id,
    ownerUsername: user.username,
    ownerEmail: user.email,
    about: { type: 'account' },
    codeHidden: false,
    accountDisabled: user.disabled_at !== null,
    detailsHidden: user.details_hidden_at !== null,
  };
}

/** An audit-log row as the API shows it. */
export function presentEntry(row: ModerationActionsTable): AuditEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    actor: row.actor_username === null ? { cli: true } : { username: row.actor_username },
    action: row.action as AuditAction,
    target: {
      type: row.target_type,
      label: row.target_label,
      ...(row.code_id ? { codeId: row.code_id } : {}),
      ...(row.target_username ? { username: row.target_username } : {}),
    },
    reason: row.reason,
  };
}

/** The audit-log entry of an admin's action from the form: its reason, and its case if from one. */
function recordFormAction(
  db: Db,
  actor: Actor,
  action: AuditAction,
  target: Resolved,
  values: ActionValues,
  now: string,
): Promise<ModerationActionsTable> {
  return recordAction(db, actor, action, target, values.reason, values.caseId ?? null, now);
}

/** Writes one audit-log entry; it is never deleted. */
export async function recordAction(
  db: Db,
  actor: Actor,
  action: AuditAction,
  target: Resolved,
  reason: string,
  caseId: string | null,
  now: string,
): Promise<ModerationActionsTable> {
  const row: ModerationActionsTable = {
    id: newId(),
    created_at: now,
    actor_user_id: 'cli' in actor ? null : actor.userId,
    // Null only for the CLI: an admin without a username is '' (their id goes with their account).
    actor_username: 'cli' in actor ? null : (actor.username ?? ''),
    action,
    target_type: target.type,
    target_label: target.label,
    code_id: target.codeId,
    target_user_id: target.ownerId,
    target_username: target.ownerUsername,
    reason,
    case_id: caseId,
  };
  await db.insertInto('moderation_actions').values(row).execute();
  return row;
}

/**
 * Account deletion (decision 080) leaves no id of the account behind: the audit log keeps its
 * entries and their labels, without the account's id as actor or target or its codes' ids.
 */
export async function forgetUserInAuditLog(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('moderation_actions')
    .set({ code_id: null })
    .where('code_id', 'in', (eb) =>
      eb.selectFrom('codes').select('id').where('user_id', '=', userId),
    )
    .execute();
  await db
    .updateTable('moderation_actions')
    .set({ actor_user_id: null })
    .where('actor_user_id', '=', userId)
    .execute();
  await db
    .updateTable('moderation_actions')
    .set({ target_user_id: null })
    .where('target_user_id', '=', userId)
    .execute();
}

/** Shows a hidden code again; a pending appeal of its hiding is answered by this. */
export async function unhideCode(db: Db, codeId: string, reason: string, now: string) {
  const code = await db
    .selectFrom('codes')
    .select('hidden_action_id')
    .where('id', '=', codeId)
    .executeTakeFirst();
  await db
    .updateTable('codes')
    .set({ hidden_at: null, hidden_action_id: null })
    .where('id', '=', codeId)
    .execute();
  if (code?.hidden_action_id) await restoreOpenAppeal(db, code.hidden_action_id, reason, now);
}

/**
 * Shows a profile's hidden details again (issue 26); a pending appeal of their hiding is answered
 * by this.
 */
export async function showDetails(db: Db, userId: string, reason: string, now: string) {
  const user = await db
    .selectFrom('users')
    .select('details_hidden_action_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ details_hidden_at: null, details_hidden_action_id: null })
    .where('id', '=', userId)
    .execute();
  if (user?.details_hidden_action_id) {
    await restoreOpenAppeal(db, user.details_hidden_action_id, reason, now);
  }
}

/** Answers a still-open appeal of the hiding `actionId` as 'restored', with the admin's reason. */
async function restoreOpenAppeal(db: Db, actionId: string, reason: string, now: string) {
  await db
    .updateTable('moderation_appeals')
    .set({ status: 'restored', decided_at: now, answer: reason })
    .where('action_id', '=', actionId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Queues the owner's mail after the answer (decision 109): a failing mail server never undoes the
 * action, and the queue retries. One mail per audit-log entry (its id is the dedupe key). Always
 * sent: moderation mails cannot be switched off (decision 110).
 */
export function mailOwner(
  ctx: ModerationContext,
  target: Resolved,
  input: Pick<OwnerMailInput, 'kind' | 'reason' | 'answersAppeal'>,
  actionId: string,
): void {
  const mail = composeOwnerMail({
    ...input,
    about: target.about,
    username: target.ownerUsername,
    appUrl: ctx.appUrl,
  });
  ctx.outbox
    .queue({
      dedupeKey: `moderation:${actionId}`,
      kind: 'moderation',
      userId: target.ownerId,
      to: target.ownerEmail,
      ...mail,
    })
    .catch((error: unknown) =>
      ctx.log.error({ err: error }, 'moderation mail could not be queued'),
    );
}

const targetKeyOf = (target: Resolved) =>
  target.codeId ? codeTargetKey(target.codeId) : profileTargetKey(target.ownerId);

async function dismiss(ctx: ModerationContext, actor: Actor, values: ActionValues) {
  const { db } = ctx;
  const found = await db
    .selectFrom('moderation_cases')
    .select(['id', 'status', 'code_id', 'user_id', 'target_type'])
    .where('id', '=', values.caseId ?? '')
    .executeTakeFirst();
  if (!found) throw errors.notFound(MODERATION_MESSAGES.caseNotFound);
  if (found.status !== 'open') throw errors.conflict(MODERATION_MESSAGES.caseClosed);
  const target =
    found.target_type === 'code' && found.code_id
      ? await resolveCode(db, found.code_id)
      : await resolveAccount(db, (await owner(db, found.user_id)).username ?? '');
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const entry = await recordAction(trx, actor, 'dismiss', target, values.reason, found.id, now);
    await closeCases(trx, [targetKeyOf(target)], now);
    return entry;
  });
}

/** The account an account action names (the schema pairs each action with its kind of target). */
const resolveAccountTarget = (db: Db, values: ActionValues) =>
  resolveAccount(db, values.target.type === 'account' ? values.target.username : '');

async function hideCode(ctx: ModerationContext, actor: Actor, values: ActionValues) {
  const { db } = ctx;
  // The schema pairs each action with its kind of target.
  const target = await resolveCode(db, values.target.type === 'code' ? values.target.codeId : '');
  if (target.codeHidden) throw errors.conflict(MODERATION_MESSAGES.alreadyHidden);
  const now = nowIso();
  const entry = await db.transaction().execute(async (trx) => {
    const row = await recordFormAction(trx, actor, 'hide_code', target, values, now);
    await trx
      .updateTable('codes')
      .set({ hidden_at: now, hidden_action_id: row.id })
      .where('id', '=', target.codeId ?? '')
      .execute();
    await closeCases(trx, [targetKeyOf(target)], now);
    return row;
  });
  mailOwner(ctx, target, { kind: 'hide_code', reason: values.reason }, entry.id);
  return entry;
}

async function disableAccount(ctx: ModerationContext, actor: Actor, values: ActionValues) {
  const { db } = ctx;
  const target = await resolveAccountTarget(db, values);
  if (target.accountDisabled) throw errors.conflict(MODERATION_MESSAGES.alreadyDisabled);
  const admin = await db
    .selectFrom('admins')
    .select('user_id')
    .where('user_id', '=', target.ownerId)
    .executeTakeFirst();
  if (admin) throw errors.conflict(MODERATION_MESSAGES.cannotDisableAdmin);
  const now = nowIso();
  const entry = await db.transaction().execute(async (trx) => {
    const row = await recordFormAction(trx, actor, 'disable_account', target, values, now);
    await trx
      .updateTable('users')
      .set({ disabled_at: now })
      .where('id', '=', target.ownerId)
      .execute();
    // Sessions live only in this table (plugins/session.ts reads it on every request): deleting
    // them signs the account out on every instance at once.
    await trx.deleteFrom('sessions').where('user_id', '=', target.ownerId).execute();
    // Its codes are off every page with it: their reports and the profile's are decided too.
    await trx
      .updateTable('moderation_cases')
      .set({ status: 'closed', closed_at: now })
      .where('user_id', '=', target.ownerId)
      .where('status', '=', 'open')
      .execute();
    return row;
  });
  mailOwner(ctx, target, { kind: 'disable_account', reason: values.reason }, entry.id);
  return entry;
}

/**
 * 'Hide profile details' (issue 26): the profile shows the username only (no display name, bio,
 * avatar or links) until an admin restores them; the owner is told why and may appeal.
 */
async function hideProfileDetails(ctx: ModerationContext, actor: Actor, values: ActionValues) {
  const { db } = ctx;
  const target = await resolveAccountTarget(db, values);
  if (target.detailsHidden) throw errors.conflict(MODERATION_MESSAGES.alreadyDetailsHidden);
  const now = nowIso();
  const entry = await db.transaction().execute(async (trx) => {
    const row = await recordFormAction(trx, actor, 'hide_profile_details', target, values, now);
    await trx
      .updateTable('users')
      .set({ details_hidden_at: now, details_hidden_action_id: row.id })
      .where('id', '=', target.ownerId)
      .execute();
    await closeCases(trx, [profileTargetKey(target.ownerId)], now);
    return row;
  });
  mailOwner(
    ctx,
    { ...target, about: { type: 'details' } },
    { kind: 'hide_profile_details', reason: values.reason },
    entry.id,
  );
  return entry;
}

async function restore(ctx: ModerationContext, actor: Actor, values: ActionValues) {
  const { db } = ctx;
  const target =
    values.target.type === 'code'
      ? await resolveCode(db, values.target.codeId)
      : await resolveAccount(db, values.target.username);
  if (target.type === 'code' && !target.codeHidden) {
    throw errors.conflict(MODERATION_MESSAGES.notHidden);
  }
  if (target.type === 'account' && !target.accountDisabled && !target.detailsHidden) {
    throw errors.conflict(MODERATION_MESSAGES.notDisabled);
  }
  // An account both disabled and with hidden details is re-enabled first; a second restore shows
  // the details.
  const details = target.type === 'account' && !target.accountDisabled;
  const now = nowIso();
  const entry = await db.transaction().execute(async (trx) => {
    const row = await recordFormAction(trx, actor, 'restore', target, values, now);
    if (target.codeId) {
      await unhideCode(trx, target.codeId, values.reason, now);
    } else if (details) {
      await showDetails(trx, target.ownerId, values.reason, now);
    } else {
      await trx
        .updateTable('users')
        .set({ disabled_at: null })
        .where('id', '=', target.ownerId)
        .execute();
    }
    await closeCases(trx, [targetKeyOf(target)], now);
    return row;
  });
  const about = details ? { about: { type: 'details' as const } } : {};
  mailOwner(ctx, { ...target, ...about }, { kind: 'restore', reason: values.reason }, entry.id);
  return entry;
}

/**
 * One admin action (POST /api/admin/moderation-actions and the CLI): written to the audit log in
 * the same transaction as its effect; the owner is mailed a statement of reasons after it.
 */
export async function takeAction(
  ctx: ModerationContext,
  actor: Actor,
  values: ActionValues,
): Promise<AuditEntry> {
  const act = {
    dismiss,
    hide_code: hideCode,
    disable_account: disableAccount,
    restore,
    hide_profile_details: hideProfileDetails,
  }[values.action];
  return presentEntry(await act(ctx, actor, values));
}

/** The audit log, newest first. */
export async function listAuditLog(db: Kysely<DB>, limit = 500): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('moderation_actions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentEntry);
}
