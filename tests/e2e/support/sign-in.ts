import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { createSession } from '../../../server/plugins/session.ts';
import { insertTestUser } from '../../../server/test-support/test-users.ts';
import { type TestServer, withServerDatabase } from './server.ts';

export interface SignedInUser {
  id: string;
  email: string;
  username: string;
}

/**
 * Makes a user (optionally an admin) straight in the server's database and puts a session
 * cookie in the browser context. For tests whose subject is not the sign-in flow itself.
 */
export async function signInAs(
  context: BrowserContext,
  server: TestServer,
  options: { username?: string; email?: string; admin?: boolean } = {},
): Promise<SignedInUser> {
  const username = options.username ?? `user_${randomBytes(3).toString('hex')}`;
  const email = options.email ?? `${username}@example.com`;
  const { id, raw } = await withServerDatabase(server, async (db) => {
    const id = await insertTestUser(db, { email, username, admin: options.admin });
    return { id, raw: await createSession(db, id) };
  });
  await context.addCookies([
    { name: 'refstash_session', value: raw, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  return { id, email, username };
}
