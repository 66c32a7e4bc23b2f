import type { Kysely } from 'kysely';
import type { ProfileDto } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { presentProfile } from './profiles.presenter.ts';
import { findProfileRows } from './profiles.repository.ts';

/** The public profile; 404 `USER_NOT_FOUND` when no (enabled) user has that username. */
export async function getProfile(db: Kysely<DB>, username: string): Promise<ProfileDto> {
  const rows = await findProfileRows(db, username.toLowerCase());
  if (rows.length === 0) throw errors.notFound('Profile not found', ERROR_CODES.userNotFound);
  return presentProfile(username.toLowerCase(), rows);
}

/** The landing page's preview: the demo profile's first `count` codes, or none when it is missing. */
export async function getLandingPreview(
  db: Kysely<DB>,
  demoUsername: string,
  count: number,
): Promise<ProfileDto> {
  return presentProfile(demoUsername, await findProfileRows(db, demoUsername, count));
}
