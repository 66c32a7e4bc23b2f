import { randomBytes } from 'node:crypto';
import { newId, nowIso } from '../../../server/db/ids.ts';
import type { SecurityApp } from './security-app.ts';

/** A passkey row of the user's (its key is never used: the matrix only names it). */
export async function createPasskey(target: SecurityApp, userId: string): Promise<string> {
  const id = newId();
  await target.database.db
    .insertInto('passkeys')
    .values({
      id,
      user_id: userId,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: randomBytes(32).toString('base64url'),
      name: 'Phone',
      created_at: nowIso(),
      last_used_at: null,
    })
    .execute();
  return id;
}

const clientData = Buffer.from(
  JSON.stringify({ type: 'webauthn.get', challenge: 'bm90LWEtY2hhbGxlbmdl', origin: 'x' }),
).toString('base64url');

/** A well-formed WebAuthn answer to no challenge anyone was given: refused with 400. */
export const strayPasskeyAnswer = {
  registration: {
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: clientData, attestationObject: 'AAAA' },
    },
  },
  authentication: {
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: clientData, authenticatorData: 'AAAA', signature: 'AAAA' },
    },
  },
};
