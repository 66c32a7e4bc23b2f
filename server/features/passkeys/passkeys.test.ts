import { expect, it } from 'vitest';
import { newId } from '../../db/ids.ts';
import { smtpCaptureForFile } from '../../test-support/smtp-capture-for-file.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import {
  addPasskey,
  cookieFrom,
  registrationOptions,
  signInOptions,
  TEST_RP,
  verifyRegistration,
  verifySignIn,
} from './passkeys.test-helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.test-helpers.ts';

const { smtp: capture, env: smtpEnv } = smtpCaptureForFile();

describeEachDatabase(
  'passkeys: add, sign in, rename, remove',
  (ctx) => {
    it('adds a passkey with APP_URL as the relying party, lists it, and e-mails the owner', async () => {
      const user = await ctx.createUser();
      const options = await registrationOptions(ctx, user.cookie);
      expect(options.rp.id).toBe('localhost');
      expect(options).toMatchObject({
        rp: { name: 'Refstash', id: 'localhost' },
        user: { name: user.email },
        timeout: 300_000,
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const authenticator = new SoftAuthenticator(TEST_RP);
      const added = await verifyRegistration(ctx, user.cookie, authenticator.register(options));
      expect(added.statusCode, added.body).toBe(201);
      const passkey = added.json().passkey;
      expect(passkey).toEqual({
        id: expect.any(String),
        name: 'Passkey 1',
        createdAt: expect.any(String),
        lastUsedAt: null,
      });

      const listed = await ctx.request({ url: '/api/me/passkeys', cookie: user.cookie });
      expect(listed.headers['cache-control']).toBe('no-store');
      expect(listed.json()).toEqual({ passkeys: [passkey] });
      // Never the key or the credential id.
      expect(listed.body).not.toContain(authenticator.credentialId);

      const mail = await capture().nextMessage(user.email);
      expect(mail.subject).toBe('A passkey was added to your Refstash account');
      expect(mail.text).toContain('The passkey "Passkey 1" was added to your Refstash account');
      expect(mail.text).toContain('http://localhost:3000/settings');
      expect(mail.html).toContain('Passkey 1');
    });

    it('signs in with the passkey: a fresh session like the e-mail link, the last use recorded', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const { options, cookie } = await signInOptions(ctx);
      expect(options.rpId).toBe('localhost');
      expect(cookie).toMatch(/^refstash_passkey=/);

      // The browser still holds an older session: it is ended, a new one starts.
      const signedIn = await verifySignIn(
        ctx,
        `${cookie}; ${user.cookie}`,
        authenticator.assert(options, user.id),
      );
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({
        user: { id: user.id, email: user.email },
        isNewUser: false,
      });
      expect(signedIn.headers['cache-control']).toBe('no-store');
      const session = cookieFrom(signedIn, 'refstash_session');
      expect(session).not.toBe(user.cookie);
      const pre = signedIn.cookies.find((c) => c.name === 'refstash_passkey');
      expect(pre?.value).toBe('');
      const cookie0 = signedIn.cookies.find((c) => c.name === 'refstash_session');
      expect(cookie0).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      expect((await ctx.request({ url: '/api/me', cookie: session })).statusCode).toBe(200);
      expect((await ctx.request({ url: '/api/me', cookie: user.cookie })).statusCode).toBe(401);
      const listed = await ctx.request({ url: '/api/me/passkeys', cookie: session });
      expect(listed.json().passkeys[0].lastUsedAt).toEqual(expect.any(String));
    });

    it('refuses a sign-in by a disabled account, and by a passkey no account holds', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
      const first = await signInOptions(ctx);
      const refused = await verifySignIn(
        ctx,
        first.cookie,
        authenticator.assert(first.options, user.id),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('auth/user-disabled');
      expect(refused.cookies.some((c) => c.name === 'refstash_session')).toBe(false);

      const stranger = new SoftAuthenticator(TEST_RP);
      const second = await signInOptions(ctx);
      const unknown = await verifySignIn(
        ctx,
        second.cookie,
        stranger.assert(second.options, user.id),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(
        'This passkey is not registered with Refstash. Sign in with the e-mail link instead.',
      );
    });

    it('renames and removes only the owner’s passkeys; the last one may go, and the owner is told', async () => {
      const user = await ctx.createUser();
      const other = await ctx.createUser();
      await addPasskey(ctx, user);
      await capture().nextMessage(user.email);
      const [passkey] = (await ctx.request({ url: '/api/me/passkeys', cookie: user.cookie })).json()
        .passkeys;
      const url = `/api/me/passkeys/${passkey.id}`;

      const empty = await ctx.request({
        method: 'PATCH',
        url,
        cookie: user.cookie,
        body: { name: '  ' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields).toEqual({ name: 'Please enter a name for this passkey' });
      const long = await ctx.request({
        method: 'PATCH',
        url,
        cookie: user.cookie,
        body: { name: 'x'.repeat(51) },
      });
      expect(long.json().error.message).toBe('Passkey name must be 50 characters or fewer');
      const fifty = 'y'.repeat(50);
      const ok = await ctx.request({
        method: 'PATCH',
        url,
        cookie: user.cookie,
        body: { name: fifty },
      });
      expect(ok.statusCode).toBe(200);
      const renamed = await ctx.request({
        method: 'PATCH',
        url,
        cookie: user.cookie,
        body: { name: ' Work laptop ' },
      });
      expect(renamed.json().passkey).toMatchObject({ id: passkey.id, name: 'Work laptop' });

      // Someone else's passkey is not found, whatever they try.
      const theirs = { url, cookie: other.cookie };
      expect(
        (await ctx.request({ ...theirs, method: 'PATCH', body: { name: 'Mine' } })).statusCode,
      ).toBe(404);
      expect((await ctx.request({ ...theirs, method: 'DELETE' })).statusCode).toBe(404);

      const removed = await ctx.request({ method: 'DELETE', url, cookie: user.cookie });
      expect(removed.statusCode).toBe(204);
      const listed = await ctx.request({ url: '/api/me/passkeys', cookie: user.cookie });
      expect(listed.json()).toEqual({ passkeys: [] });
      const mail = await capture().nextMessage(user.email);
      expect(mail.subject).toBe('A passkey was removed from your Refstash account');
      expect(mail.text).toContain('The passkey "Work laptop" was removed');
      expect((await ctx.request({ method: 'DELETE', url, cookie: user.cookie })).statusCode).toBe(
        404,
      );
    });

    it('escapes a hostile passkey name in the HTML of the removal mail', async () => {
      const user = await ctx.createUser();
      await addPasskey(ctx, user);
      await capture().nextMessage(user.email);
      const [passkey] = (await ctx.request({ url: '/api/me/passkeys', cookie: user.cookie })).json()
        .passkeys;
      const url = `/api/me/passkeys/${passkey.id}`;
      const name = '<b>bold</b> & "quoted"';
      await ctx.request({ method: 'PATCH', url, cookie: user.cookie, body: { name } });
      await ctx.request({ method: 'DELETE', url, cookie: user.cookie });
      const mail = await capture().nextMessage(user.email);
      expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
      expect(mail.html).not.toContain('<b>bold</b>');
    });

    it('refuses the same passkey twice, and a 21st passkey', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const again = await registrationOptions(ctx, user.cookie);
      expect((again as { excludeCredentials?: unknown }).excludeCredentials).toEqual([
        { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
      ]);
      const twice = await verifyRegistration(ctx, user.cookie, authenticator.register(again));
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe('This passkey is already registered');

      // 19 more, straight into the table (a ceremony each would only be slower).
      for (let i = 2; i <= 20; i += 1) {
        await ctx.database.db
          .insertInto('passkeys')
          .values({
            id: newId(),
            user_id: user.id,
            credential_id: `cred-${user.id}-${i}`,
            public_key: 'AA',
            name: `Passkey ${i}`,
            created_at: new Date().toISOString(),
            last_used_at: null,
          })
          .execute();
      }
      const options = await registrationOptions(ctx, user.cookie);
      const extra = await verifyRegistration(
        ctx,
        user.cookie,
        new SoftAuthenticator(TEST_RP).register(options),
      );
      expect(extra.statusCode).toBe(409);
      expect(extra.json().error.message).toBe(
        'You can keep up to 20 passkeys. Remove one to add another.',
      );
      const listed = await ctx.request({ url: '/api/me/passkeys', cookie: user.cookie });
      expect(listed.json().passkeys).toHaveLength(20);
    });

    it('exports passkeys as names and dates only, and deletes them (and pending challenges) with the account', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      await registrationOptions(ctx, user.cookie);
      const exported = await ctx.request({ url: '/api/me/export', cookie: user.cookie });
      expect(exported.json().passkeys).toEqual([
        { name: 'Passkey 1', createdAt: expect.any(String), lastUsedAt: null },
      ]);
      const row = await ctx.database.db
        .selectFrom('passkeys')
        .select(['credential_id', 'public_key'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.credential_id).toBe(authenticator.credentialId);
      expect(exported.body).not.toContain(row.credential_id);
      expect(exported.body).not.toContain(row.public_key);

      const deleted = await ctx.request({
        method: 'DELETE',
        url: '/api/me',
        cookie: user.cookie,
        body: { username: user.username },
      });
      expect(deleted.statusCode).toBe(204);
      for (const table of ['passkeys', 'passkey_challenges'] as const) {
        const left = await ctx.database.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', user.id)
          .execute();
        expect(left, table).toEqual([]);
      }
      // The passkey signs no one in any more.
      const { options, cookie } = await signInOptions(ctx);
      const refused = await verifySignIn(ctx, cookie, authenticator.assert(options, user.id));
      expect(refused.json().error.code).toBe('passkey/unknown');
    });
  },
  {
    env: smtpEnv,
  },
);
