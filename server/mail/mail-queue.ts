import type { Kysely } from 'kysely';
import { isOptionalMailKind, type MailKind } from '../../shared/owner-mail.ts';
import type { Dialect } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';

/** One mail to queue: to one user, under a key that makes queueing it again a no-op. */
export interface QueuedMail {
  dedupeKey: string;
  kind: MailKind;
  userId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Readonly<Record<string, string>>;
}

/** How long a sender holds the rows it claimed; a sender that died lets them go after this. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Attempts before a mail is given up (the last about 8.5 hours after the first). */
export const MAIL_MAX_ATTEMPTS = 10;
/** Sent and given-up rows are kept this long (their dedupe keys with them), then deleted. */
export const MAIL_KEEP_DAYS = 90;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;
const BATCH = 50;

/** The wait after the `attempts`-th failure: 1, 2, 4, … minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Queues one mail; false when a mail with its dedupe key was queued before (then nothing changes). */
export async function enqueueMail(
  db: Kysely<DB>,
  mail: QueuedMail,
  now: number = Date.now(),
): Promise<boolean> {
  const result = await db
    .insertInto('mail_queue')
    .values({
      id: newId(now),
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      user_id: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      created_at: iso(now),
      next_attempt_at: iso(now),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface DeliveryOutcome {
  sent: number;
  retrying: number;
  gaveUp: number;
  skipped: number;
}

/** Nodemailer's error, reduced to what helps an operator; never the message's content. */
function describe(error: unknown): string {
  const e = (error ?? {}) as Record<string, unknown>;
  const parts = [e.code, e.command, e.responseCode].filter((part) => part !== undefined);
  return (parts.length > 0 ? parts.join(' ') : String(e.message ?? error)).slice(0, 200);
}

/**
 * Claims up to `limit` due rows for `MAIL_LEASE_MS` in one statement: PostgreSQL skips rows
 * another sender has locked (`FOR UPDATE SKIP LOCKED`), SQLite runs one writer at a time. A row
 * whose lease ran out (its sender died) is due again.
 */
async function claim(db: Kysely<DB>, dialect: Dialect, now: number, limit: number) {
  const due = db
    .selectFrom('mail_queue')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', iso(now))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(now))]))
    .orderBy('next_attempt_at')
    .limit(limit);
  return db
    .updateTable('mail_queue')
    .set((eb) => ({ claimed_until: iso(now + MAIL_LEASE_MS), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/** True when the mail must not go: its owner switched the kind off, or the account is disabled. */
async function unwanted(db: Kysely<DB>, kind: string, userId: string): Promise<boolean> {
  if (!isOptionalMailKind(kind)) return false;
  const user = await db
    .selectFrom('users')
    .select('disabled_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled_at !== null) return true;
  const off = await db
    .selectFrom('mail_opt_outs')
    .select('kind')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return off !== undefined;
}

/**
 * Sends what is due, batch by batch, until nothing is due or `maxBatches` ran. A failed send waits
 * `backoffMs(attempts)`; after `MAIL_MAX_ATTEMPTS` the row is given up. An optional mail whose
 * owner switched it off (or was disabled) after it was queued is skipped, never sent.
 */
export async function deliverDueMail(
  db: Kysely<DB>,
  dialect: Dialect,
  mailer: () => Mailer,
  now: () => number,
  { limit = BATCH, maxBatches = 20 } = {},
): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { sent: 0, retrying: 0, gaveUp: 0, skipped: 0 };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const rows = await claim(db, dialect, now(), limit);
    for (const row of rows) {
      if (await unwanted(db, row.kind, row.user_id)) {
        await db
          .updateTable('mail_queue')
          .set({ failed_at: iso(now()), claimed_until: null, last_error: 'switched off' })
          .where('id', '=', row.id)
          .execute();
        outcome.skipped += 1;
        continue;
      }
      try {
        await mailer().send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          headers: JSON.parse(row.headers) as Record<string, string>,
          devLine: `Mail for ${row.to_address}: ${row.subject}`,
        });
        await db
          .updateTable('mail_queue')
          .set({ sent_at: iso(now()), claimed_until: null, last_error: null })
          .where('id', '=', row.id)
          .execute();
        outcome.sent += 1;
      } catch (error) {
        const last = row.attempts >= MAIL_MAX_ATTEMPTS;
        await db
          .updateTable('mail_queue')
          .set({
            claimed_until: null,
            last_error: describe(error),
            ...(last
              ? { failed_at: iso(now()) }
              : { next_attempt_at: iso(now() + backoffMs(row.attempts)) }),
          })
          .where('id', '=', row.id)
          .execute();
        if (last) outcome.gaveUp += 1;
        else outcome.retrying += 1;
      }
    }
    if (rows.length < limit) break;
  }
  return outcome;
}

/** Deletes sent and given-up rows older than `MAIL_KEEP_DAYS`; answers how many. */
export async function purgeOldMail(db: Kysely<DB>, now: number): Promise<number> {
  const cutoff = iso(now - MAIL_KEEP_DAYS * 24 * 60 * 60_000);
  const result = await db
    .deleteFrom('mail_queue')
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Queued mails still waiting: for the jobs list. */
export async function pendingMailCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
