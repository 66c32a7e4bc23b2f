import type { Kysely } from 'kysely';
import {
  type EmailSettings,
  type EmailSettingsChange,
  OPTIONAL_MAIL_KINDS,
  type OptionalMailKind,
} from '../../../shared/owner-mail.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { OwnerEvent } from '../../jobs/job.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { composeOwnerMail, type OwnerMailContent, switchOf } from './owner-mail-templates.ts';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.ts';

/** What queueing an owner mail needs; `queue` is the outbox's (send now) or the bare queue. */
export interface OwnerMailDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'appUrl' | 'sessionSecret'>;
  now(): number;
  /** Defaults to writing the queue only; the app passes its outbox's `queue` to send at once. */
  queue?: (mail: Parameters<typeof enqueueMail>[1]) => Promise<boolean>;
}

/** True when the owner switched this kind off. */
export async function isSwitchedOff(
  db: Kysely<DB>,
  userId: string,
  kind: OptionalMailKind,
): Promise<boolean> {
  const row = await db
    .selectFrom('mail_opt_outs')
    .select('kind')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Queues one optional mail to an owner, unless the account is gone or disabled or the owner
 * switched its kind off. `dedupeKey` makes a repeat a no-op. Answers whether it was queued.
 */
export async function queueOwnerMail(
  deps: OwnerMailDeps,
  userId: string,
  dedupeKey: string,
  content: OwnerMailContent,
): Promise<boolean> {
  const before = await deps.db
    .selectFrom('mail_queue')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  if (before) return false;
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'username', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled_at !== null) return false;
  const kind = switchOf(content.kind);
  if (await isSwitchedOff(deps.db, userId, kind)) return false;
  const url = unsubscribeUrl(deps.config, userId, kind);
  const mail = composeOwnerMail(content, {
    username: user.username,
    appUrl: deps.config.appUrl,
    unsubscribeUrl: url,
  });
  const queued = {
    dedupeKey,
    kind,
    userId,
    to: user.email,
    ...mail,
    headers: unsubscribeHeaders(url),
  };
  return deps.queue ? deps.queue(queued) : enqueueMail(deps.db, queued, deps.now());
}

/** The code an event is about, with its service's name; undefined when it is gone. */
async function codeOf(db: Kysely<DB>, userId: string, codeId: string) {
  return db
    .selectFrom('codes')
    .innerJoin('services', 'services.id', 'codes.service')
    .select(['codes.code', 'codes.expires_on', 'codes.link', 'services.name as service_name'])
    .where('codes.id', '=', codeId)
    .where('codes.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * A job's or a feature's event about one code (server/jobs/job.ts `notifyOwner`): the mail is
 * composed from the code as it is now and queued under the event's dedupe key.
 */
export async function notifyOwner(
  deps: OwnerMailDeps,
  event: OwnerEvent | (Omit<OwnerEvent, 'kind'> & { kind: 'reported' }),
  extra: { noNetworks?: number } = {},
): Promise<boolean> {
  const code = await codeOf(deps.db, event.userId, event.codeId);
  if (!code) return false;
  const ref = { serviceName: code.service_name, code: code.code };
  const content: OwnerMailContent =
    event.kind === 'expires-soon' || event.kind === 'expires-today'
      ? { kind: event.kind, code: ref, expiresOn: code.expires_on ?? '' }
      : event.kind === 'code-sank'
        ? { kind: 'code-sank', code: ref, noNetworks: extra.noNetworks ?? 3 }
        : event.kind === 'link-broken'
          ? { kind: 'link-broken', code: ref, link: code.link ?? '' }
          : { kind: event.kind, code: ref };
  return queueOwnerMail(deps, event.userId, event.dedupeKey, content);
}

/**
 * The job runner's `notifyOwner` (server/jobs/job.ts), as the app, `npm run admin -- jobs run`
 * and the tests build it: every event becomes an owner mail, queued under its dedupe key.
 */
export function ownerMailNotifier(deps: OwnerMailDeps): (event: OwnerEvent) => Promise<void> {
  return async (event) => {
    await notifyOwner(deps, event);
  };
}

/** The owner's switches: every optional kind, on unless switched off. */
export async function emailSettingsOf(db: Kysely<DB>, userId: string): Promise<EmailSettings> {
  const off = new Set(
    (
      await db.selectFrom('mail_opt_outs').select('kind').where('user_id', '=', userId).execute()
    ).map((row) => row.kind),
  );
  return Object.fromEntries(
    OPTIONAL_MAIL_KINDS.map((kind) => [kind, !off.has(kind)]),
  ) as EmailSettings;
}

/** Flips the given switches; answers all of them as they now are. */
export async function saveEmailSettings(
  db: Kysely<DB>,
  userId: string,
  change: EmailSettingsChange,
  now: number,
): Promise<EmailSettings> {
  await db.transaction().execute(async (trx) => {
    for (const kind of OPTIONAL_MAIL_KINDS) {
      const on = change[kind];
      if (on === undefined) continue;
      if (on) {
        await trx
          .deleteFrom('mail_opt_outs')
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .execute();
      } else {
        await switchOff(trx, userId, kind, now);
      }
    }
  });
  return emailSettingsOf(db, userId);
}

/** Switches one kind off (Settings, or the one-click link); switching it off twice is a no-op. */
export async function switchOff(
  db: Kysely<DB>,
  userId: string,
  kind: OptionalMailKind,
  now: number,
): Promise<void> {
  await db
    .insertInto('mail_opt_outs')
    .values({ user_id: userId, kind, created_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
    .execute();
}
