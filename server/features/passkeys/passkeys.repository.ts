import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The passkeys table (migration 0110): plain functions, explicit columns. */

const LIST_COLUMNS = ['id', 'name', 'created_at', 'last_used_at'] as const;

export async function listPasskeys(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('passkeys')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The credential ids of the user's passkeys (a browser is told not to register one twice). */
export async function credentialsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
}

export async function insertPasskey(
  db: Kysely<DB>,
  passkey: {
    id: string;
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
    createdAt: string;
  },
) {
  return db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .returning(LIST_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The passkey a sign-in names, with what its owner's session needs. */
export async function findByCredentialId(db: Kysely<DB>, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports', 'name'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Records a sign-in: the new counter and the time, only if the counter is still the one the
 * check read, so two sign-ins racing with one counter value cannot both pass.
 */
export async function recordUse(
  db: Kysely<DB>,
  input: { id: string; previousCounter: number; counter: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: input.counter, last_used_at: input.now })
    .where('id', '=', input.id)
    .where('counter', '=', input.previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Kysely<DB>, userId: string, id: string, name: string) {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(LIST_COLUMNS)
    .executeTakeFirst();
}

export async function deletePasskey(db: Kysely<DB>, userId: string, id: string) {
  return db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['name'])
    .executeTakeFirst();
}

export async function countPasskeys(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
