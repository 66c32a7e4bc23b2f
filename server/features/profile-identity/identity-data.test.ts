import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { runImport } from '../account/import.service.ts';
import { bombPng, gif, jpegWithGps, png, SVG, truncatedJpeg } from './avatar-fixtures.ts';

const importBody = (data: unknown) => ({
  fileName: 'refstash.json',
  content: Buffer.from(JSON.stringify(data)).toString('base64'),
});

/** The user's avatar pointer and avatar rows (hash and bytes' length), to see nothing changed. */
async function avatarRows(ctx: TestContext, user: TestUser) {
  const { db } = ctx.database;
  const row = await db
    .selectFrom('users')
    .select('avatar_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('avatars')
    .select(['hash', 'webp_128'])
    .where('user_id', '=', user.id)
    .orderBy('hash')
    .execute();
  return {
    hash: row.avatar_hash,
    rows: rows.map((r) => ({ hash: r.hash, bytes: Buffer.from(r.webp_128).length })),
  };
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

async function uploadJpeg(ctx: TestContext, user: TestUser) {
  const upload = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { origin: ctx.config.appOrigin, cookie: user.cookie, 'content-type': 'image/jpeg' },
    payload: await jpegWithGps(),
  });
  expect(upload.statusCode).toBe(200);
}

/** POST /api/me/import (or its preview) as `user`. */
function postImport(ctx: TestContext, user: TestUser, body: unknown, step?: 'preview') {
  const url = step ? '/api/me/import/preview' : '/api/me/import';
  return ctx.request({ method: 'POST', url, cookie: user.cookie, body });
}

async function exportOf(ctx: TestContext, user: TestUser) {
  const response = await ctx.request({ url: '/api/me/export', cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The identity fields saved on one account, exported, and imported into another. */
const FIELDS = {
  displayName: 'Ex Porter',
  bio: 'Two\nlines',
  links: ['https://ex.example', 'https://youtube.com/@ex'],
  accent: 'amber',
};

describeEachDatabase('profile identity in export and import', (ctx) => {
  it('exports the fields and the avatar, and import carries the fields to another account', async () => {
    const from = await ctx.createUser();
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/me/profile',
      cookie: from.cookie,
      body: FIELDS,
    });
    expect(saved.statusCode).toBe(200);
    const upload = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { origin: ctx.config.appOrigin, cookie: from.cookie, 'content-type': 'image/png' },
      payload: await png(64, 64),
    });
    expect(upload.statusCode).toBe(200);
    const data = await exportOf(ctx, from);
    expect(data.profile).toMatchObject(FIELDS);
    expect(data.profile.avatar).toMatch(/^data:image\/webp;base64,/);

    const to = await ctx.createUser();
    const preview = await postImport(ctx, to, importBody(data), 'preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().profile).toEqual(FIELDS);
    expect(preview.json().avatar).toBe(true);
    // The preview changes nothing.
    expect(
      (await ctx.request({ url: '/api/me/profile', cookie: to.cookie })).json().displayName,
    ).toBeNull();
    expect(await avatarRows(ctx, to)).toEqual({ hash: null, rows: [] });
    const run = await postImport(ctx, to, importBody(data));
    expect(run.statusCode).toBe(200);
    const identity = (await ctx.request({ url: '/api/me/profile', cookie: to.cookie })).json();
    expect(identity).toMatchObject({
      displayName: 'Ex Porter',
      bio: 'Two\nlines',
      accent: 'amber',
    });
    // The avatar comes along too (decision 101), re-encoded under the new owner's hash.
    expect(run.json().avatar).toBe(true);
    expect(identity.avatar.url128).toMatch(/^\/api\/avatars\/[0-9a-f]{32}-128\.webp$/);
    expect((await avatarRows(ctx, to)).rows).toHaveLength(1);
  });

  it('refuses a profile the form would refuse, as row 0, and imports the codes anyway', async () => {
    const user = await ctx.createUser();
    const data = {
      profile: { displayName: 'Admin', bio: 'x', links: ['http://plain.example'], accent: 'teal' },
      codes: [{ service: 'uber', code: 'IMP1', reward: '10' }],
    };
    const run = await postImport(ctx, user, importBody(data));
    expect(run.statusCode).toBe(200);
    const result = run.json();
    expect(result.add).toHaveLength(1);
    expect(result.profile).toBeUndefined();
    expect(result.refused[0]).toEqual({
      row: 0,
      messages: [
        'That display name is reserved. Choose another.',
        'Links must be https:// addresses',
      ],
    });
    expect(
      (await ctx.request({ url: '/api/me/profile', cookie: user.cookie })).json().displayName,
    ).toBeNull();
  });

  it('round trip: export, remove the avatar, import: it comes back, 128 px WebP with no EXIF', async () => {
    const user = await ctx.createUser();
    await uploadJpeg(ctx, user);
    const data = await exportOf(ctx, user);
    const removed = await ctx.request({
      method: 'DELETE',
      url: '/api/me/avatar',
      cookie: user.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect(await avatarRows(ctx, user)).toEqual({ hash: null, rows: [] });
    const run = await postImport(ctx, user, importBody(data));
    expect(run.statusCode).toBe(200);
    expect(run.json().avatar).toBe(true);
    expect(run.json().refused).toEqual([]);
    const { avatar } = (await ctx.request({ url: '/api/me/profile', cookie: user.cookie })).json();
    const served = await ctx.request({ url: avatar.url128 });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 128, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    const after = await avatarRows(ctx, user);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]?.hash).toBe(after.hash);
  });

  it("an imported JPEG data URL goes through the upload's pipeline: no EXIF GPS survives", async () => {
    const user = await ctx.createUser();
    const run = await ctx.request({
      method: 'POST',
      url: '/api/me/import',
      cookie: user.cookie,
      // The declared type only admits the URL: the bytes (a JPEG) decide.
      body: importBody({
        profile: { avatar: dataUrl('image/png', await jpegWithGps()) },
        codes: [],
      }),
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().avatar).toBe(true);
    const { avatar } = (await ctx.request({ url: '/api/me/profile', cookie: user.cookie })).json();
    const served = await ctx.request({ url: avatar.url512 });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('a null or absent avatar keeps the current one', async () => {
    const user = await ctx.createUser();
    await uploadJpeg(ctx, user);
    const before = await avatarRows(ctx, user);
    for (const profile of [{ avatar: null }, { displayName: 'Kept' }]) {
      const run = await postImport(ctx, user, importBody({ profile, codes: [] }));
      expect(run.statusCode).toBe(200);
      expect(run.json().avatar).toBeUndefined();
      expect(await avatarRows(ctx, user)).toEqual(before);
    }
  });

  const refusals: Array<[string, () => Promise<unknown>, string]> = [
    [
      'an SVG',
      async () => dataUrl('image/png', SVG),
      'The picture must be a PNG, JPEG or WebP image',
    ],
    [
      'a GIF',
      async () => dataUrl('image/png', await gif()),
      'The picture must be a PNG, JPEG or WebP image',
    ],
    [
      'a truncated JPEG',
      async () => dataUrl('image/jpeg', await truncatedJpeg()),
      'The picture could not be read. Try another file.',
    ],
    [
      'a 20,000 x 20,000 PNG',
      async () => dataUrl('image/png', bombPng(20_000, 20_000)),
      'The picture is too large (at most 40 megapixels)',
    ],
    [
      'an SVG data URL',
      async () => dataUrl('image/svg+xml', SVG),
      'The picture must be a PNG, JPEG or WebP image',
    ],
    [
      'a GIF data URL',
      async () => dataUrl('image/gif', await gif()),
      'The picture must be a PNG, JPEG or WebP image',
    ],
    [
      'a URL, not a data URL',
      async () => 'https://evil.example/a.png',
      'The picture must be a PNG, JPEG or WebP image',
    ],
    [
      'a data URL without base64',
      async () => `data:image/png,${(await png(8, 8)).toString('latin1')}`,
      'The picture must be a PNG, JPEG or WebP image',
    ],
    [
      'text that is not base64',
      async () => 'data:image/png;base64,iVBOR w0K!!GgoAAAA',
      'The picture could not be read. Try another file.',
    ],
    [
      'base64 cut short',
      async () => `data:image/png;base64,${(await png(8, 8)).toString('base64').slice(0, -3)}`,
      'The picture could not be read. Try another file.',
    ],
    [
      'an empty data URL',
      async () => 'data:image/webp;base64,',
      'The picture could not be read. Try another file.',
    ],
    ['a number', async () => 42, 'The picture must be a PNG, JPEG or WebP image'],
  ];
  for (const [what, avatar, message] of refusals) {
    it(`refuses ${what} as the avatar, with the upload's message; the rest is imported, no avatar row changes`, async () => {
      const user = await ctx.createUser();
      await uploadJpeg(ctx, user);
      const before = await avatarRows(ctx, user);
      const body = importBody({
        profile: { displayName: 'Still Imported', avatar: await avatar() },
        codes: [{ service: 'uber', code: 'AV1', reward: '10' }],
      });
      const preview = await postImport(ctx, user, body, 'preview');
      expect(preview.statusCode).toBe(200);
      expect(preview.json().refused).toEqual([{ row: 0, messages: [message] }]);
      expect(preview.json().avatar).toBeUndefined();
      const run = await postImport(ctx, user, body);
      expect(run.statusCode).toBe(200);
      const result = run.json();
      expect(result.refused).toEqual([{ row: 0, messages: [message] }]);
      expect(result.avatar).toBeUndefined();
      expect(result.add).toHaveLength(1);
      expect(await avatarRows(ctx, user)).toEqual(before);
      const identity = (await ctx.request({ url: '/api/me/profile', cookie: user.cookie })).json();
      expect(identity.displayName).toBe('Still Imported');
    });
  }

  it('a refused profile and a refused avatar are one row 0 with both messages', async () => {
    const user = await ctx.createUser();
    const run = await ctx.request({
      method: 'POST',
      url: '/api/me/import',
      cookie: user.cookie,
      body: importBody({
        profile: { displayName: 'Admin', avatar: dataUrl('image/png', SVG) },
        codes: [],
      }),
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().refused).toEqual([
      {
        row: 0,
        messages: [
          'That display name is reserved. Choose another.',
          'The picture must be a PNG, JPEG or WebP image',
        ],
      },
    ]);
    expect(await avatarRows(ctx, user)).toEqual({ hash: null, rows: [] });
  });

  it('a payload over 2 MB: the file is refused over HTTP (1 MB, 413); the avatar check says 2 MB', async () => {
    const user = await ctx.createUser();
    await uploadJpeg(ctx, user);
    const before = await avatarRows(ctx, user);
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const huge = { profile: { avatar: dataUrl('image/png', big) }, codes: [] };
    const run = await postImport(ctx, user, importBody(huge));
    expect(run.statusCode).toBe(413);
    expect(run.json().error.message).toBe('The file is larger than 1 MB');
    expect(await avatarRows(ctx, user)).toEqual(before);
    // The avatar's own limit, as the upload's, past the file's (an API caller's direct read).
    const file = { rows: [], firstRow: 1, profile: huge.profile };
    const result = await runImport(ctx.database, user.id, file, new Date());
    expect(result.refused).toEqual([{ row: 0, messages: ['The picture must be at most 2 MB'] }]);
    expect(await avatarRows(ctx, user)).toEqual(before);
  });

  it('an import refused as a whole (past the 200-code cap) stores no avatar row', async () => {
    const user = await ctx.createUser();
    const codes = Array.from({ length: 201 }, (_, i) => ({
      service: 'uber',
      code: `CAP${i}`,
      reward: '1',
    }));
    const run = await postImport(
      ctx,
      user,
      importBody({ profile: { avatar: dataUrl('image/png', await png(64, 64)) }, codes }),
    );
    expect(run.statusCode).toBe(409);
    expect(await avatarRows(ctx, user)).toEqual({ hash: null, rows: [] });
    const all = await ctx.database.db
      .selectFrom('avatars')
      .select('hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(all).toEqual([]);
  });
});
