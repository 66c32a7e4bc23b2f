import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { createDatabase } from '../../../server/db/database.ts';
import { createSession } from '../../../server/plugins/session.ts';
import { insertTestUser } from '../../../server/test-support/test-users.ts';
import type { TestServer } from './server.ts';

export interface SignedInUser {
  id: string;
  email: string;
  username: string;
}

/**
 * Makes a user (optionally an admin) straight in the server's SQLite file and puts a session
 * cookie in the browser context. For tests whose subject is not the sign-in flow itself.
 */
export async function signInAs(
  context: BrowserContext,
  server: TestServer,
  options: { username?: string; email?: string; admin?: boolean } = {},
): Promise<SignedInUser> {
  const database = createDatabase({ kind: 'sqlite', path: server.sqlitePath });
  try {
    const username = options.username ?? `user_${randomBytes(3).toString('hex')}`;
    const email = options.email ?? `${username}@example.com`;
    const id = await insertTestUser(database.db, { email, username, admin: options.admin });
    const raw = await createSession(database.db, id);
    await context.addCookies([
      { name: 'refstash_session', value: raw, url: server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    return { id, email, username };
  } finally {
    await database.close();
  }
}
