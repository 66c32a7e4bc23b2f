import { z } from 'zod';

/** Passkeys (issue 27, decision 105): the limits the screens and the server share. */
export const PASSKEY_LIMITS = Object.freeze({
  /** A challenge lives this long and is used once. */
  challengeTtlMs: 5 * 60 * 1000,
  nameMaxLength: 50,
  /** Passkeys one account may hold: enough for every device a person owns, and a bound. */
  maxPerUser: 20,
});

/** The passkey screens' and answers' messages (decision 105), shared by the UI and the server. */
export const PASSKEY_MESSAGES = Object.freeze({
  nameRequired: 'Please enter a name for this passkey',
  nameTooLong: 'Passkey name must be 50 characters or fewer',
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  invalidResponse: 'The passkey answer could not be read. Please try again.',
  notVerified: 'This passkey could not be verified. Please try again.',
  unknownPasskey:
    'This passkey is not registered with Refstash. Sign in with the e-mail link instead.',
  cloneWarning:
    'This passkey was refused because it may have been copied. Sign in with the e-mail link, then remove it in Settings.',
  alreadyRegistered: 'This passkey is already registered',
  tooMany: 'You can keep up to 20 passkeys. Remove one to add another.',
  notFound: 'Passkey not found',
  addFailed: 'Failed to add the passkey',
  renameFailed: 'Failed to rename the passkey',
  removeFailed: 'Failed to remove the passkey',
  signInFailed: 'Signing in with a passkey did not work. Try again, or use the e-mail link.',
  cancelled: 'The passkey request was cancelled.',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
});

/** The error codes of the passkey answers (beside shared/error-codes.ts). */
export const PASSKEY_ERROR_CODES = Object.freeze({
  challengeExpired: 'passkey/challenge-expired',
  notVerified: 'passkey/not-verified',
  unknownPasskey: 'passkey/unknown',
  cloneWarning: 'passkey/clone-warning',
  alreadyRegistered: 'passkey/already-registered',
  tooMany: 'passkey/too-many',
});

function hasNoControlCharacters(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** A passkey's name: trimmed, 1 to 50 characters, no control characters. */
export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_LIMITS.nameMaxLength, PASSKEY_MESSAGES.nameTooLong)
  .refine(hasNoControlCharacters, PASSKEY_MESSAGES.nameRequired);

/** PATCH /api/me/passkeys/:id. */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

/** One passkey as its owner sees it: never the key or the credential id. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeySchema>;

/** A passkey in the account export: names and dates only (issue 27). */
export const passkeyExportSchema = passkeySchema.omit({ id: true });

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.invalidResponse);

/**
 * The browser's answer as @simplewebauthn/browser sends it (RegistrationResponseJSON or
 * AuthenticationResponseJSON). Only its outer shape is checked here: SimpleWebAuthn reads and
 * verifies the bytes.
 */
const credentialBase = {
  id: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
  rawId: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.invalidResponse }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const registrationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
        attestationObject: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
        authenticatorData: base64url.optional(),
        transports: z.array(z.string().max(32)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url.optional(),
      },
      { error: PASSKEY_MESSAGES.invalidResponse },
    ),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

export const authenticationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
        authenticatorData: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
        signature: base64url.min(1, PASSKEY_MESSAGES.invalidResponse),
        userHandle: base64url.optional(),
      },
      { error: PASSKEY_MESSAGES.invalidResponse },
    ),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** POST /api/me/passkeys/registration/verify. */
export const registrationVerifySchema = z.object({ response: registrationResponseSchema });
/** POST /api/auth/passkey/verify. */
export const authenticationVerifySchema = z.object({ response: authenticationResponseSchema });
