import type { Me } from '../../../shared/auth-schemas.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { listingFromDay } from '../../../shared/listing-rules.ts';
import type { AuthUser } from '../../plugins/session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the user may next rename (decision 012), or null when they may now. */
function renameAllowedAt(user: AuthUser, now: number): string | null {
  if (user.username === null || user.usernameChangedAt === null) return null;
  const allowedAt = Date.parse(user.usernameChangedAt) + LIMITS.usernameRenameIntervalDays * DAY_MS;
  return allowedAt > now ? new Date(allowedAt).toISOString() : null;
}

/** The user as the API shows it; the caller looks up whether they are an admin. */
export function presentMe(
  user: AuthUser,
  isAdmin: boolean,
  probationDays: number,
  now = Date.now(),
): Me {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    isAdmin,
    listNewCodes: user.listNewCodes,
    renameAllowedAt: renameAllowedAt(user, now),
    listingFrom: listingFromDay(user.createdAt, probationDays),
  };
}
