import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode, parsePage } from './pages.test-helpers.ts';

/** Issue 24: what a visitor without JavaScript meets. */
describeEachDatabase('pages without JavaScript', (ctx) => {
  it.each(['/magic-link', '/dashboard'])(
    '%s says it needs JavaScript instead of a blank page',
    async (path) => {
      const page = parsePage(await ctx.request({ url: path }));
      expect(page.querySelector('noscript')?.textContent).toBe(
        'Refstash needs JavaScript to sign in and manage your codes. Turn it on and reload this page. Public profiles work without it.',
      );
    },
  );

  it("sends a code page's 'Copy code' disabled, since only the app can copy", async () => {
    const owner = await ctx.createUser({ username: 'noscript_owner' });
    const code = await addCode(ctx, owner, { service: 'uber', code: 'RIDE', reward: '5' });
    const page = parsePage(await ctx.request({ url: `/noscript_owner/${code.id}` }));
    const copy = [...page.querySelectorAll('button')].find((b) => b.textContent === 'Copy code');
    expect(copy?.hasAttribute('disabled')).toBe(true);
    // A public page is whole without JavaScript: it has no such line.
    expect(page.querySelector('noscript')).toBeNull();
  });
});
