import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { bombPng, gif, jpegWithGps, png, polyglot, SVG, truncatedJpeg } from './avatar-fixtures.ts';

function upload(ctx: TestContext, user: TestUser, bytes: Buffer, type = 'image/jpeg') {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { origin: ctx.config.appOrigin, cookie: user.cookie, 'content-type': type },
    payload: bytes,
  });
}

async function avatarRows(ctx: TestContext): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('avatars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userRow(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const message = (response: LightMyRequestResponse) => response.json().error.message;

function save(ctx: TestContext, user: TestUser, body: unknown) {
  return ctx.request({ method: 'PUT', url: '/api/me/profile', cookie: user.cookie, body });
}

const form = {
  displayName: 'Alice Martin',
  bio: 'Hi!\nI share codes.',
  links: ['https://alice.example', 'https://www.instagram.com/alice'],
  accent: 'teal',
};

describeEachDatabase('profile identity', (ctx) => {
  it('saves and answers the identity; empty text is not set', async () => {
    const user = await ctx.createUser();
    const empty = await ctx.request({ url: '/api/me/profile', cookie: user.cookie });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      displayName: null,
      bio: null,
      avatar: null,
      links: [],
      accent: 'indigo',
      moderation: null,
    });
    const saved = await save(ctx, user, form);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      displayName: 'Alice Martin',
      bio: 'Hi!\nI share codes.',
      avatar: null,
      links: [
        { url: 'https://alice.example', kind: 'website' },
        { url: 'https://www.instagram.com/alice', kind: 'instagram' },
      ],
      accent: 'teal',
      moderation: null,
    });
    const cleared = await save(ctx, user, {
      displayName: '  ',
      bio: '',
      links: [],
      accent: 'rose',
    });
    expect(cleared.json()).toMatchObject({ displayName: null, bio: null, links: [] });
  });

  it('refuses over-long fields, too many links, non-https links and unknown accents', async () => {
    const user = await ctx.createUser();
    const cases: Array<[unknown, string, string]> = [
      [
        { ...form, displayName: 'x'.repeat(51) },
        'displayName',
        'Display name must be at most 50 characters',
      ],
      [{ ...form, bio: 'y'.repeat(161) }, 'bio', 'Bio must be at most 160 characters'],
      [
        { ...form, links: Array.from({ length: 6 }, (_, i) => `https://e${i}.example`) },
        'links',
        'You can add at most 5 links',
      ],
      [{ ...form, links: ['http://alice.example'] }, 'links.0', 'Links must be https:// addresses'],
      [{ ...form, links: ['javascript:alert(1)'] }, 'links.0', 'Links must be https:// addresses'],
      [{ ...form, accent: 'neon' }, 'accent', 'Choose one of the accent colours'],
    ];
    for (const [body, field, text] of cases) {
      const response = await save(ctx, user, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field]).toBe(text);
    }
    // 50 and 160 characters are allowed.
    const atLimit = await save(ctx, user, {
      ...form,
      displayName: 'x'.repeat(50),
      bio: 'y'.repeat(160),
    });
    expect(atLimit.statusCode).toBe(200);
  });

  it('refuses display names that impersonate the site or its staff', async () => {
    const user = await ctx.createUser();
    for (const name of [
      'Refstash',
      'Admin',
      'R e f s t a s h',
      '\u0410dmin',
      'ADM1N',
      'Refstash Support',
      'Official Support Team',
      'ＡＤＭＩＮ',
      'Ádmin',
    ]) {
      const response = await save(ctx, user, { ...form, displayName: name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.fields.displayName).toBe(
        'That display name is reserved. Choose another.',
      );
    }
    for (const name of ['Alice Martin', 'Badminton fan', 'Team Rocket Jane', 'José']) {
      expect((await save(ctx, user, { ...form, displayName: name })).statusCode, name).toBe(200);
    }
  });

  it('keeps bio markup as text', async () => {
    const user = await ctx.createUser();
    const bio = '<b>bold</b> & <script>alert(1)</script>';
    const response = await save(ctx, user, { ...form, bio });
    expect(response.json().bio).toBe(bio);
  });

  it('re-encodes a JPEG with EXIF GPS to two WebP sizes with no metadata', async () => {
    const user = await ctx.createUser();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(ctx, user, original, 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    const { avatar } = response.json();
    expect(avatar.url512).toMatch(/^\/api\/avatars\/[0-9a-f]{32}-512\.webp$/);
    expect(avatar.url128).toMatch(/^\/api\/avatars\/[0-9a-f]{32}-128\.webp$/);
    for (const [url, size] of [
      [avatar.url512, 512],
      [avatar.url128, 128],
    ] as const) {
      const served = await ctx.request({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
    const identity = (await ctx.request({ url: '/api/me/profile', cookie: user.cookie })).json();
    expect(identity.avatar).toEqual(avatar);
  });

  it('crops from the centre: an 800 x 600 picture becomes its middle square', async () => {
    const user = await ctx.createUser();
    const response = await upload(ctx, user, await jpegWithGps(800, 600), 'image/png');
    const served = await ctx.request({ url: response.json().avatar.url512 });
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The centre is the blue square; the corner is the orange background.
    const at = (x: number, y: number) => [
      ...data.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3),
    ];
    expect(at(256, 256)[2]).toBeGreaterThan(100);
    expect(at(5, 5)[0]).toBeGreaterThan(150);
  });

  it('applies the EXIF orientation before cropping', async () => {
    const user = await ctx.createUser();
    // Stored left red, right blue; orientation 6 turns it a quarter clockwise: red on top.
    const stored = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: { create: { width: 400, height: 400, channels: 3, background: '#0000ff' } },
          left: 400,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(ctx, user, stored);
    expect(response.statusCode).toBe(200);
    const served = await ctx.request({ url: response.json().avatar.url512 });
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3),
    ];
    const [r, , b] = at(400, 100);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    expect((await sharp(served.rawPayload).metadata()).orientation).toBeUndefined();
  });

  it('refuses bad uploads with the spec messages, never a 5xx, and changes no row', async () => {
    const user = await ctx.createUser();
    expect((await upload(ctx, user, await png(64, 64), 'image/png')).statusCode).toBe(200);
    const before = await userRow(ctx, user.id);
    const rowsBefore = await avatarRows(ctx);
    const cases: Array<[string, Buffer, string, string]> = [
      ['polyglot', await polyglot(), 'image/png', 'The picture must be a PNG, JPEG or WebP image'],
      [
        'truncated',
        await truncatedJpeg(),
        'image/jpeg',
        'The picture could not be read. Try another file.',
      ],
      [
        'truncated png',
        (await png(300, 300)).subarray(0, 200),
        'image/png',
        'The picture could not be read. Try another file.',
      ],
      [
        'zip appended',
        Buffer.concat([await jpegWithGps(64, 64), Buffer.from('PK\u0003\u0004rest')]),
        'image/jpeg',
        'The picture must be a PNG, JPEG or WebP image',
      ],
      ['svg', SVG, 'image/png', 'The picture must be a PNG, JPEG or WebP image'],
      ['gif', await gif(), 'image/gif', 'The picture must be a PNG, JPEG or WebP image'],
      [
        'json',
        Buffer.from('{"a":1}'),
        'application/octet-stream',
        'The picture must be a PNG, JPEG or WebP image',
      ],
      [
        'bomb',
        bombPng(20_000, 20_000),
        'image/png',
        'The picture is too large (at most 40 megapixels)',
      ],
      [
        'too big',
        Buffer.concat([await png(8, 8), Buffer.alloc(2 * 1024 * 1024)]),
        'image/png',
        'The picture must be at most 2 MB',
      ],
    ];
    for (const [name, bytes, type, text] of cases) {
      const response = await upload(ctx, user, bytes, type);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(message(response), name).toBe(text);
    }
    // A truncated JPEG whose end marker is present but whose scan is cut: unreadable.
    const cut = await truncatedJpeg();
    const patched = Buffer.concat([cut, Buffer.from([0xff, 0xd9])]);
    const unreadable = await upload(ctx, user, patched);
    expect(unreadable.statusCode).toBe(400);
    expect(message(unreadable)).toBe('The picture could not be read. Try another file.');
    expect(await avatarRows(ctx)).toBe(rowsBefore);
    expect(await userRow(ctx, user.id)).toEqual(before);
  });

  it('takes a 1 x 60,000 PNG without a 5xx', async () => {
    const user = await ctx.createUser();
    const response = await upload(ctx, user, bombPng(1, 60_000), 'image/png');
    expect(response.statusCode).toBeLessThan(500);
  });

  it('replaces the previous avatar and removes it on DELETE; unknown avatars are 404 JSON', async () => {
    const user = await ctx.createUser();
    const first = (await upload(ctx, user, await png(100, 100))).json().avatar;
    const second = (await upload(ctx, user, await jpegWithGps())).json().avatar;
    expect(second.url512).not.toBe(first.url512);
    expect((await ctx.request({ url: first.url512 })).statusCode).toBe(404);
    const removed = await ctx.request({
      method: 'DELETE',
      url: '/api/me/avatar',
      cookie: user.cookie,
    });
    expect(removed.statusCode).toBe(204);
    const identity = (await ctx.request({ url: '/api/me/profile', cookie: user.cookie })).json();
    expect(identity.avatar).toBeNull();
    const gone = await ctx.request({ url: second.url512 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Avatar not found');
    expect((await ctx.request({ url: '/api/avatars/nothing.webp' })).statusCode).toBe(404);
  });

  it('needs a session and the CSRF origin', async () => {
    const user = await ctx.createUser();
    expect((await ctx.request({ url: '/api/me/profile' })).statusCode).toBe(401);
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { origin: 'https://evil.example', cookie: user.cookie, 'content-type': 'image/png' },
      payload: await png(8, 8),
    });
    expect(foreign.statusCode).toBe(403);
    // Only the avatar route takes bytes: a JSON route sent an image type is refused.
    const elsewhere = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { origin: ctx.config.appOrigin, cookie: user.cookie, 'content-type': 'image/png' },
      payload: await png(8, 8),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('Requests must send a JSON body');
  });
});
