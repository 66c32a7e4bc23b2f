import { type ApiToken, TOKEN_SCOPES, type TokenScope } from '../../../shared/token-schemas.ts';
import type { ApiTokenRow } from './api-tokens.repository.ts';

/** The stored space-separated list, in the catalogue's order; unknown words are dropped. */
export function parseScopes(text: string): TokenScope[] {
  const words = text.split(' ');
  return TOKEN_SCOPES.filter((scope) => words.includes(scope));
}

/** A token row as the API lists it: names, scopes and dates, never the hash. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}
