import type { Kysely } from 'kysely';
import {
  CODE_MESSAGES,
  type CodeDto,
  type CodeFormValues,
  type CodeUpdateValues,
} from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Database } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../db/ids.ts';
import { lockUserForWrite } from '../../db/row-locks.ts';
import type { CodeUpdate, DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { feedbackSinceDay } from '../discovery/days.ts';
import type { ListingContext } from '../discovery/listing-eligibility.ts';
import { hiddenCodesOf } from '../moderation/appeals.ts';
import { serviceExists } from '../services/services.repository.ts';
import { feedbackByCode, presentOwnedCode } from './codes.presenter.ts';
import {
  countCodesByUser,
  deleteOwnedCode,
  findOwnedCode,
  insertCode,
  listCodesByUser,
  updateOwnedCode,
  voteCountsByOwner,
} from './codes.repository.ts';

/** Someone else's code answers exactly like a missing one: 404, never 403. */
export const codeNotFound = () => errors.notFound('Code not found');

const invalidService = () =>
  errors.badRequest(CODE_MESSAGES.serviceInvalid, { service: CODE_MESSAGES.serviceInvalid });

async function requireService(db: Kysely<DB>, serviceId: string): Promise<void> {
  if (!(await serviceExists(db, serviceId))) throw invalidService();
}

/** Runs a write whose foreign key to services may lose a race with a service's removal. */
async function withServiceCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw invalidService();
    throw error;
  }
}

export async function listCodes(
  db: Kysely<DB>,
  userId: string,
  listing: ListingContext,
): Promise<CodeDto[]> {
  const [rows, votes, hidden] = await Promise.all([
    listCodesByUser(db, userId),
    voteCountsByOwner(db, userId, feedbackSinceDay(new Date())),
    hiddenCodesOf(db, userId),
  ]);
  const feedback = feedbackByCode(votes);
  return rows.map((row) =>
    presentOwnedCode(row, listing, feedback.get(row.id), hidden.get(row.id)),
  );
}

/** 409 `code_limit_reached`: the account already keeps the most codes allowed (decision 024). */
const codeLimitReached = () =>
  errors.conflict(CODE_MESSAGES.codeLimitReached, undefined, ERROR_CODES.codeLimitReached);

/**
 * Adds a code unless the user already has `LIMITS.codesPerUserMax`. Lock, count and insert run in
 * one transaction with the user's write lock taken first, so creates racing at the cap are
 * serialised and the later ones see the earlier ones' codes: the cap holds under concurrency.
 */
export async function createCode(
  database: Database,
  userId: string,
  values: CodeFormValues,
  listing: ListingContext,
): Promise<CodeDto> {
  const { db, dialect } = database;
  await requireService(db, values.service);
  const id = newId();
  const now = nowIso();
  await withServiceCheck(() =>
    db.transaction().execute(async (trx) => {
      await lockUserForWrite(trx, dialect, userId);
      if ((await countCodesByUser(trx, userId)) >= LIMITS.codesPerUserMax) {
        throw codeLimitReached();
      }
      await insertCode(trx, {
        id,
        user_id: userId,
        service: values.service,
        product_name: values.productName,
        code: values.code,
        reward: values.reward,
        link: values.link,
        created_at: now,
        updated_at: now,
        listed: values.listed ? 1 : 0,
        expires_on: values.expiresAt,
        countries: values.countries ? JSON.stringify(values.countries) : null,
      });
    }),
  );
  const row = await findOwnedCode(db, userId, id);
  if (!row) throw codeNotFound();
  return presentOwnedCode(row, listing);
}

export async function updateCode(
  db: Kysely<DB>,
  userId: string,
  codeId: string,
  values: CodeUpdateValues,
  listing: ListingContext,
): Promise<CodeDto> {
  if (values.service !== undefined) await requireService(db, values.service);
  const changes: CodeUpdate = { updated_at: nowIso() };
  if (values.service !== undefined) changes.service = values.service;
  if (values.code !== undefined) changes.code = values.code;
  if (values.reward !== undefined) changes.reward = values.reward;
  if (values.productName !== undefined) changes.product_name = values.productName;
  if (values.link !== undefined) changes.link = values.link;
  if (values.listed !== undefined) changes.listed = values.listed ? 1 : 0;
  if (values.expiresAt !== undefined) changes.expires_on = values.expiresAt;
  if (values.countries !== undefined) {
    changes.countries = values.countries ? JSON.stringify(values.countries) : null;
  }
  const updated = await withServiceCheck(() => updateOwnedCode(db, userId, codeId, changes));
  if (!updated) throw codeNotFound();
  const row = await findOwnedCode(db, userId, codeId);
  if (!row) throw codeNotFound();
  const [votes, hidden] = await Promise.all([
    voteCountsByOwner(db, userId, feedbackSinceDay(new Date())),
    hiddenCodesOf(db, userId),
  ]);
  const feedback = feedbackByCode(votes.filter((v) => v.code_id === codeId)).get(codeId);
  return presentOwnedCode(row, listing, feedback, hidden.get(codeId));
}

export async function deleteCode(db: Kysely<DB>, userId: string, codeId: string): Promise<void> {
  if (!(await deleteOwnedCode(db, userId, codeId))) throw codeNotFound();
}
