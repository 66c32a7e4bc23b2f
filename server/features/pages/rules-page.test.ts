import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { meta, parsePage } from './pages.test-helpers.ts';

const APP = 'http://localhost:3000';

describeEachDatabase('/rules', (ctx) => {
  it('is rendered on the server: what may be shared, what gets removed, how to appeal', async () => {
    const response = await ctx.request({ url: '/rules' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = parsePage(response);
    expect(page.title).toBe('Rules · Refstash');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${APP}/rules`);
    expect(meta(page, 'robots')).toBeNull();
    expect(page.querySelector('main h1')?.textContent).toBe('Rules');
    expect([...page.querySelectorAll('main h2')].map((h) => h.textContent)).toEqual([
      'What you may share',
      'What gets removed',
      'Reporting',
      'How to appeal',
    ]);
    // Every page's footer links it.
    expect(page.querySelector('footer a[href="/rules"]')?.textContent).toBe('Rules');
  });

  it('is linked from the footer of a profile', async () => {
    await ctx.createUser({ username: 'footer_ada' });
    const page = parsePage(await ctx.request({ url: '/footer_ada' }));
    expect(page.querySelector('footer a[href="/rules"]')).not.toBeNull();
  });
});
