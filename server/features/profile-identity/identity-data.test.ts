import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { png } from './avatar-fixtures.ts';

const importBody = (data: unknown) => ({
  fileName: 'refstash.json',
  content: Buffer.from(JSON.stringify(data)).toString('base64'),
});

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
    const preview = await ctx.request({
      method: 'POST',
      url: '/api/me/import/preview',
      cookie: to.cookie,
      body: importBody(data),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().profile).toEqual(FIELDS);
    // The preview changes nothing.
    expect(
      (await ctx.request({ url: '/api/me/profile', cookie: to.cookie })).json().displayName,
    ).toBeNull();
    const run = await ctx.request({
      method: 'POST',
      url: '/api/me/import',
      cookie: to.cookie,
      body: importBody(data),
    });
    expect(run.statusCode).toBe(200);
    const identity = (await ctx.request({ url: '/api/me/profile', cookie: to.cookie })).json();
    expect(identity).toMatchObject({
      displayName: 'Ex Porter',
      bio: 'Two\nlines',
      accent: 'amber',
    });
    // The avatar is not imported (decision 101).
    expect(identity.avatar).toBeNull();
  });

  it('refuses a profile the form would refuse, as row 0, and imports the codes anyway', async () => {
    const user = await ctx.createUser();
    const data = {
      profile: { displayName: 'Admin', bio: 'x', links: ['http://plain.example'], accent: 'teal' },
      codes: [{ service: 'uber', code: 'IMP1', reward: '10' }],
    };
    const run = await ctx.request({
      method: 'POST',
      url: '/api/me/import',
      cookie: user.cookie,
      body: importBody(data),
    });
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
});
