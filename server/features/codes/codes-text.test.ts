import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';

const NUL_MESSAGE = 'This field contains characters that are not allowed';

describeEachDatabase('NUL in a code field', (ctx) => {
  it('is refused with 400 and the same message on both databases, storing nothing', async () => {
    const user = await ctx.createUser();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: { service: 'uber', code: 'RIDE\u0000FREE', reward: '10' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: NUL_MESSAGE,
      fields: { code: NUL_MESSAGE },
    });
    const rows = await ctx.database.db
      .selectFrom('codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
