import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  PASSKEY_ERROR_CODES,
  PASSKEY_LIMITS,
  PASSKEY_MESSAGES,
} from '../../../shared/passkey-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, errors } from '../../errors.ts';
import { consumeChallenge, storeChallenge } from './challenges.repository.ts';
import {
  countPasskeys,
  credentialsOf,
  findByCredentialId,
  insertPasskey,
  recordUse,
} from './passkeys.repository.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * EdDSA, ES256 and RS256: what authenticators use. SimpleWebAuthn would add ML-DSA-44 where the
 * runtime has it, which Node 24 still marks experimental.
 */
const ALGORITHMS = [-8, -7, -257];

/** The browser may take as long as a challenge lives. */
const CEREMONY_TIMEOUT_MS = PASSKEY_LIMITS.challengeTtlMs;

const refusal = (code: string, message: string) => new AppError(400, code, message);
const challengeExpired = () =>
  refusal(PASSKEY_ERROR_CODES.challengeExpired, PASSKEY_MESSAGES.challengeExpired);
const notVerified = () => refusal(PASSKEY_ERROR_CODES.notVerified, PASSKEY_MESSAGES.notVerified);

/** The challenge the browser signed, read by SimpleWebAuthn; unreadable data is a 400. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    if (typeof challenge === 'string' && challenge.length > 0) return challenge;
  } catch {
    // Not base64url JSON: answered below.
  }
  throw errors.badRequest(PASSKEY_MESSAGES.invalidResponse);
}

/** Options for adding a passkey, with a challenge bound to the session that asked. */
export async function registrationOptions(
  db: Kysely<DB>,
  rp: RelyingParty,
  user: { id: string; email: string; username: string | null },
  sessionHash: string,
  now: number,
) {
  const existing = await credentialsOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.username ?? user.email,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: JSON.parse(row.transports) as string[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(
    db,
    {
      challenge: options.challenge,
      purpose: 'registration',
      bindingHash: sessionHash,
      userId: user.id,
    },
    now,
  );
  return options;
}

/**
 * Verifies the browser's answer to the session's registration challenge (used up whatever the
 * outcome) and stores the passkey. The relying party is APP_URL's, never the request's.
 */
export async function verifyRegistration(
  db: Kysely<DB>,
  rp: RelyingParty,
  input: { userId: string; sessionHash: string; response: RegistrationResponseJSON },
  log: FastifyBaseLogger,
  now: number,
) {
  const challenge = signedChallenge(input.response.response.clientDataJSON);
  const consumed = await consumeChallenge(
    db,
    { challenge, purpose: 'registration', bindingHash: input.sessionHash },
    now,
  );
  if (!consumed || consumed.userId !== input.userId) throw challengeExpired();
  const count = await countPasskeys(db, input.userId);
  if (count >= PASSKEY_LIMITS.maxPerUser) {
    throw errors.conflict(PASSKEY_MESSAGES.tooMany, undefined, PASSKEY_ERROR_CODES.tooMany);
  }
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    log.info({ reason: (error as Error).message }, 'passkey registration refused');
    throw notVerified();
  }
  if (!verification.verified) throw notVerified();
  const { credential } = verification.registrationInfo;
  try {
    return await insertPasskey(db, {
      id: newId(now),
      userId: input.userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? input.response.response.transports ?? [],
      name: `Passkey ${count + 1}`,
      createdAt: new Date(now).toISOString(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw errors.conflict(
      PASSKEY_MESSAGES.alreadyRegistered,
      undefined,
      PASSKEY_ERROR_CODES.alreadyRegistered,
    );
  }
}

/** Options for signing in with any passkey of this site (discoverable credentials). */
export async function authenticationOptions(
  db: Kysely<DB>,
  rp: RelyingParty,
  bindingHash: string,
  now: number,
) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: [],
  });
  await storeChallenge(
    db,
    { challenge: options.challenge, purpose: 'authentication', bindingHash, userId: null },
    now,
  );
  return options;
}

/**
 * Verifies a sign-in: the challenge this browser was given (used up whatever the outcome), the
 * signature by the stored key, the origin and RP ID of APP_URL, and the sign counter. A counter
 * that does not go up (when either side keeps one) means the key may have been cloned: the
 * sign-in is refused and logged. Returns the passkey's owner.
 */
export async function verifyAuthentication(
  db: Kysely<DB>,
  rp: RelyingParty,
  input: { bindingHash: string; response: AuthenticationResponseJSON },
  log: FastifyBaseLogger,
  now: number,
): Promise<{ userId: string; passkeyId: string }> {
  const challenge = signedChallenge(input.response.response.clientDataJSON);
  const consumed = await consumeChallenge(
    db,
    { challenge, purpose: 'authentication', bindingHash: input.bindingHash },
    now,
  );
  if (!consumed) throw challengeExpired();
  const passkey = await findByCredentialId(db, input.response.id);
  if (!passkey) {
    throw refusal(PASSKEY_ERROR_CODES.unknownPasskey, PASSKEY_MESSAGES.unknownPasskey);
  }
  const stored = Number(passkey.counter);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The counter is checked below, after the signature, so a clone is told apart and logged.
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: 0,
        transports: JSON.parse(passkey.transports) as string[],
      },
      requireUserVerification: false,
    });
    if (!verification.verified) throw new Error('not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    log.info(
      { passkeyId: passkey.id, reason: (error as Error).message },
      'passkey sign-in refused',
    );
    throw notVerified();
  }
  const userHandle = input.response.response.userHandle;
  if (userHandle && isoBase64URL.toUTF8String(userHandle) !== passkey.user_id) {
    log.info({ passkeyId: passkey.id }, 'passkey sign-in refused: user handle mismatch');
    throw notVerified();
  }
  const counterWentUp = newCounter > stored;
  const keepsNoCounter = newCounter === 0 && stored === 0;
  const recorded =
    (counterWentUp || keepsNoCounter) &&
    (await recordUse(db, {
      id: passkey.id,
      previousCounter: stored,
      counter: newCounter,
      now: new Date(now).toISOString(),
    }));
  if (!recorded) {
    log.warn(
      { passkeyId: passkey.id, userId: passkey.user_id, storedCounter: stored, newCounter },
      'passkey clone warning: the sign counter did not go up; sign-in refused',
    );
    throw refusal(PASSKEY_ERROR_CODES.cloneWarning, PASSKEY_MESSAGES.cloneWarning);
  }
  return { userId: passkey.user_id, passkeyId: passkey.id };
}
