import { z } from 'zod';

/**
 * Settings → 'Where you're signed in' (issue 27, decision 107): the owner's sessions as the API
 * lists them. A session's `id` is public (a prefix of the stored hash), never the cookie value.
 */

export const sessionSchema = z.object({
  id: z.string(),
  /** The browser and system in words ('Chrome on Android'), or 'Unknown device'. */
  device: z.string(),
  createdAt: z.string(),
  /** Updated at most once an hour. */
  lastSeenAt: z.string(),
  /** The session of the request that asked ('This device'). */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

/** A session's public id: 16 lowercase hex digits. */
export const sessionIdSchema = z.string().regex(/^[0-9a-f]{16}$/);

export const SESSION_MESSAGES = {
  unknownDevice: 'Unknown device',
  notFound: 'Session not found',
  loadFailed: 'Could not load your sessions. Please try again.',
  signOutFailed: 'Could not sign that session out. Please try again.',
  signedOutOne: 'Signed out of that session',
  signedOutOthers: (count: number) =>
    count === 0
      ? 'No other sessions to sign out'
      : `Signed out of ${count} other session${count === 1 ? '' : 's'}`,
} as const;
