import type { PasskeyView } from '../../../shared/passkey-schemas.ts';

/** A passkey row as its owner sees it: name and dates, never the key or the credential id. */
export function presentPasskey(row: {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): PasskeyView {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
