import type { Kysely } from 'kysely';
import { PASSKEY_LIMITS } from '../../../shared/passkey-schemas.ts';
import type { DB, PasskeyChallengesTable } from '../../db/schema.ts';

type Purpose = PasskeyChallengesTable['purpose'];

/**
 * Stores a challenge handed out for `purpose`, bound to `bindingHash`. One live challenge per
 * binding and purpose: an older one still waiting is voided. Expired ones are swept here too.
 */
export async function storeChallenge(
  db: Kysely<DB>,
  input: { challenge: string; purpose: Purpose; bindingHash: string; userId: string | null },
  now: number,
): Promise<void> {
  const nowIso = new Date(now).toISOString();
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', nowIso).execute();
  await db
    .deleteFrom('passkey_challenges')
    .where('binding_hash', '=', input.bindingHash)
    .where('purpose', '=', input.purpose)
    .execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge: input.challenge,
      purpose: input.purpose,
      binding_hash: input.bindingHash,
      user_id: input.userId,
      created_at: nowIso,
      expires_at: new Date(now + PASSKEY_LIMITS.challengeTtlMs).toISOString(),
    })
    .execute();
}

/**
 * Takes the challenge out, once: one statement, so of two answers carrying it only one gets the
 * row. Returns it only when it was bound to `bindingHash` for `purpose` and had not expired; an
 * expired one is gone all the same.
 */
export async function consumeChallenge(
  db: Kysely<DB>,
  input: { challenge: string; purpose: Purpose; bindingHash: string },
  now: number,
): Promise<{ userId: string | null } | undefined> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', input.challenge)
    .where('purpose', '=', input.purpose)
    .where('binding_hash', '=', input.bindingHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now) return undefined;
  return { userId: row.user_id };
}
