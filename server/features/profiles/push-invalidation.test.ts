import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listenerApplicationName } from '../../db/change-feed.ts';
import { describeEachDatabase, type TestUser } from '../../test-support/test-app.ts';

/**
 * Public answers are kept in memory and asked of the database only after a change is pushed
 * (decision 099): every change an owner or an admin makes shows at once in the JSON answer, the
 * profile page and the service page of the instance that made it.
 */
describeEachDatabase('public answers kept until a change is pushed', (ctx) => {
  // Reads straight through inject: `ctx.request` waits for the change feed, which would hide a
  // write that answers before its instance heard its change.
  const get = (url: string) => ctx.app.inject({ url });
  /** On PostgreSQL the listener connects after start: until then the caches are bypassed. */
  const feedLive = () => expect.poll(() => ctx.database.changes(ctx.app.log).live).toBe(true);
  const codesOf = async (username: string) => {
    const response = await get(`/api/profiles/${username}`);
    expect(response.statusCode).toBe(200);
    return response.json().codes.map((c: { code: string }) => c.code);
  };
  const serviceCodes = async (service: string) =>
    (await get(`/api/services/${service}/codes`)).json().codes.map((c: { code: string }) => c.code);
  const addListed = async (owner: TestUser, code: string) => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: owner.cookie,
      body: { service: 'lyft', code, reward: '5', listed: true },
    });
    expect(response.statusCode).toBe(201);
    return response.json().code as { id: string };
  };
  const act = (admin: TestUser, body: unknown) =>
    ctx.request({
      method: 'POST',
      url: '/api/admin/moderation-actions',
      cookie: admin.cookie,
      body,
    });

  it('an edit shows at once in the JSON answer, the profile page and the service page', async () => {
    await feedLive();
    const owner = await ctx.createUser({ username: 'pushedit' });
    const code = await addListed(owner, 'BEFOREEDIT');
    // Twice each: the second answer comes from the caches.
    for (let round = 0; round < 2; round += 1) {
      expect(await codesOf('pushedit')).toEqual(['BEFOREEDIT']);
      expect((await get('/pushedit')).body).toContain('BEFOREEDIT');
      expect(await serviceCodes('lyft')).toContain('BEFOREEDIT');
      expect((await get('/s/lyft')).body).toContain('BEFOREEDIT');
    }
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: owner.cookie,
      body: { code: 'AFTEREDIT' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await codesOf('pushedit')).toEqual(['AFTEREDIT']);
    const page = (await get('/pushedit')).body;
    expect(page).toContain('AFTEREDIT');
    expect(page).not.toContain('BEFOREEDIT');
    expect(await serviceCodes('lyft')).toContain('AFTEREDIT');
    expect(await serviceCodes('lyft')).not.toContain('BEFOREEDIT');
    expect((await get('/s/lyft')).body).not.toContain('BEFOREEDIT');
  });

  it('each of ten edits in a row is read at once on the same instance', async () => {
    await feedLive();
    const owner = await ctx.createUser({ username: 'pushrow' });
    const code = await addListed(owner, 'ROW0');
    for (let round = 1; round <= 10; round += 1) {
      expect(await codesOf('pushrow')).toEqual([`ROW${round - 1}`]);
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/codes/${code.id}`,
        cookie: owner.cookie,
        body: { code: `ROW${round}` },
      });
      expect(edit.statusCode).toBe(200);
      expect(await codesOf('pushrow')).toEqual([`ROW${round}`]);
    }
  });

  it('a hidden code and a disabled account leave the cached answers at once', async () => {
    await feedLive();
    const admin = await ctx.createUser({ admin: true });
    const owner = await ctx.createUser({ username: 'pushhide' });
    const hidden = await addListed(owner, 'PUSHHIDDEN');
    await addListed(owner, 'PUSHKEPT');
    expect(await codesOf('pushhide')).toEqual(['PUSHKEPT', 'PUSHHIDDEN']);
    expect(await serviceCodes('lyft')).toContain('PUSHKEPT');

    const hide = await act(admin, {
      action: 'hide_code',
      target: { type: 'code', codeId: hidden.id },
      reason: 'Spam',
    });
    expect(hide.statusCode).toBe(200);
    expect(await codesOf('pushhide')).toEqual(['PUSHKEPT']);
    expect((await get('/pushhide')).body).not.toContain('PUSHHIDDEN');

    const disable = await act(admin, {
      action: 'disable_account',
      target: { type: 'account', username: 'pushhide' },
      reason: 'Spam',
    });
    expect(disable.statusCode).toBe(200);
    const json = await get('/api/profiles/pushhide');
    expect(json.statusCode).toBe(404);
    expect(json.json().error.message).toBe('Profile not found');
    expect((await get('/pushhide')).statusCode).toBe(404);
    expect(await serviceCodes('lyft')).not.toContain('PUSHKEPT');
  });

  it('a link the link-health job marks broken leaves the cached service page, and comes back (decision 111)', async () => {
    await feedLive();
    const owner = await ctx.createUser({ username: 'pushlink' });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: owner.cookie,
      body: {
        service: 'lyft',
        code: 'PUSHLINK',
        reward: '5',
        link: 'https://lyft.com/i/pushlink',
        listed: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const codeId = response.json().code.id as string;
    // Twice: the second answer comes from the cache.
    expect(await serviceCodes('lyft')).toContain('PUSHLINK');
    expect(await serviceCodes('lyft')).toContain('PUSHLINK');
    const setState = async (state: 'broken' | 'ok') => {
      // As the job writes it, outside any request: then the instance hears of it.
      await ctx.database.db
        .updateTable('code_links')
        .set({ state })
        .where('code_id', '=', codeId)
        .execute();
      await ctx.database.changes(ctx.app.log).settle();
    };
    await setState('broken');
    expect(await serviceCodes('lyft')).not.toContain('PUSHLINK');
    expect((await get('/s/lyft')).body).not.toContain('PUSHLINK');
    // The profile shows it either way.
    expect(await codesOf('pushlink')).toEqual(['PUSHLINK']);
    await setState('ok');
    expect(await serviceCodes('lyft')).toContain('PUSHLINK');
  });

  it('a rename moves the cached profile at once', async () => {
    await feedLive();
    const owner = await ctx.createUser({ username: 'pushold' });
    await addListed(owner, 'PUSHRENAME');
    expect(await codesOf('pushold')).toEqual(['PUSHRENAME']);
    expect((await get('/pushold')).statusCode).toBe(200);
    const rename = await ctx.request({
      method: 'PUT',
      url: '/api/me/username',
      cookie: owner.cookie,
      body: { username: 'pushnew' },
    });
    expect(rename.statusCode).toBe(200);
    const old = await get('/api/profiles/pushold');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/profiles/pushnew');
    expect((await get('/pushold')).statusCode).toBe(301);
    expect(await codesOf('pushnew')).toEqual(['PUSHRENAME']);
    const listed = (await get('/api/services/lyft/codes')).json().codes;
    expect(listed.find((c: { code: string }) => c.code === 'PUSHRENAME').username).toBe('pushnew');
  });

  it('answers from memory: a write the feed does not hear is not seen until it is', async () => {
    await feedLive();
    const owner = await ctx.createUser({ username: 'pushquiet' });
    await addListed(owner, 'PUSHQUIET');
    expect(await codesOf('pushquiet')).toEqual(['PUSHQUIET']);
    if (ctx.kind === 'sqlite') {
      // Another process (the admin command, say) writes: this one hears it from data_version,
      // polled each second, and drops everything.
      const path = ctx.testDatabase.config.kind === 'sqlite' ? ctx.testDatabase.config.path : '';
      const other = new SqliteDatabase(path);
      other.prepare("update users set profile_codes = '[]' where username = 'pushquiet'").run();
      other.close();
      expect(await codesOf('pushquiet')).toEqual(['PUSHQUIET']);
      await expect.poll(() => codesOf('pushquiet'), { timeout: 2500 }).toEqual([]);
    } else {
      // With triggers off the write notifies nothing: the kept answer stays.
      await ctx.database.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update users set profile_codes = '[]' where username = 'pushquiet'`.execute(trx);
      });
      expect(await codesOf('pushquiet')).toEqual(['PUSHQUIET']);
      await sql`select pg_notify('refstash_changes', 'p:pushquiet')`.execute(ctx.database.db);
      await expect.poll(() => codesOf('pushquiet'), { timeout: 1000 }).toEqual([]);
    }
  });

  it.runIf(ctx.kind === 'postgres')(
    'drops everything when its listener connection is lost, and caches again once it is back',
    async () => {
      await feedLive();
      const owner = await ctx.createUser({ username: 'pushlost' });
      await addListed(owner, 'PUSHLOST');
      expect(await codesOf('pushlost')).toEqual(['PUSHLOST']);
      const db = ctx.database.db;
      // This process's listeners (other test files' apps here reconnect too, harmlessly).
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerApplicationName()}`.execute(
        db,
      );
      // A write no notification tells of: only dropping everything on the loss shows it.
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update users set profile_codes = '[]' where username = 'pushlost'`.execute(trx);
      });
      await expect.poll(() => codesOf('pushlost'), { timeout: 1000 }).toEqual([]);
      await feedLive();
      expect(await codesOf('pushlost')).toEqual([]);
    },
  );
});
