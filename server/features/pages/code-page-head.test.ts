import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode, meta, parsePage } from './pages.test-helpers.ts';

/** Issue 24: a code page's head stays short and names its own code. */
describeEachDatabase("a code page's title and preview", (ctx) => {
  it('cuts a long reward in the title, and describes the image as this code', async () => {
    const owner = await ctx.createUser({ username: 'longreward' });
    const reward = `Get one month of premium free ${'and much more '.repeat(12)}`.trim();
    expect(reward.length).toBeGreaterThan(190);
    const code = await addCode(ctx, owner, { service: 'spotify', code: 'TUNE', reward });
    const page = parsePage(await ctx.request({ url: `/longreward/${code.id}` }));
    const title = page.querySelector('title')?.textContent ?? '';
    expect(title).toBe(
      'Spotify referral code · Get one month of premium free and much… · @longreward',
    );
    expect(meta(page, 'og:title')).toBe(title);
    expect(meta(page, 'og:image:alt')).toBe('A Spotify referral code from @longreward on Refstash');
  });
});
