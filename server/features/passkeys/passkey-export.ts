import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { listPasskeys } from './passkeys.repository.ts';

/** The account export's passkeys: names and dates only, never the key or the credential id. */
export async function passkeysForExport(db: Kysely<DB>, userId: string) {
  return (await listPasskeys(db, userId)).map((row) => ({
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}
