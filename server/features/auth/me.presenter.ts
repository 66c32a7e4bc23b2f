import type { Me } from '../../../shared/auth-schemas.ts';
import { listingFromDay } from '../../../shared/listing-rules.ts';
import type { AuthUser } from '../../plugins/session.ts';

/** The user as the API shows it; the caller looks up whether they are an admin. */
export function presentMe(user: AuthUser, isAdmin: boolean, probationDays: number): Me {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    isAdmin,
    listNewCodes: user.listNewCodes,
    listingFrom: listingFromDay(user.createdAt, probationDays),
  };
}
