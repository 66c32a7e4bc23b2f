import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { parsePage } from './pages.test-helpers.ts';

/** Every class a stylesheet's selectors name (a number in a value may add a harmless extra). */
function selectorClasses(css: string): Set<string> {
  const names = new Set<string>();
  for (const match of css.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) {
    names.add(
      match[1]!.replace(/\\(?:([0-9a-fA-F]{1,6}) ?|(.))/g, (_m, hex?: string, char?: string) =>
        hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
      ),
    );
  }
  return names;
}

/** Every class on the page: its markup, the body's included. */
function pageClasses(document: Document): Set<string> {
  const names = new Set<string>();
  for (const element of document.querySelectorAll('[class]')) {
    for (const name of element.classList) names.add(name);
  }
  return names;
}

describeEachDatabase('the public pages inline their own stylesheet (decision 113)', (ctx) => {
  const dist = () => ctx.config.webDistDir;
  const wholeStylesheet = () => {
    const index = fs.readFileSync(path.join(dist(), 'index.html'), 'utf8');
    const file = /href="\/(assets\/index-[\w-]+\.css)"/.exec(index)![1]!;
    return { href: `/${file}`, css: fs.readFileSync(path.join(dist(), file), 'utf8') };
  };

  it('has a rule for every class a profile, code, service or 404 page uses, and loads the whole stylesheet after', async () => {
    const owner = await ctx.createUser({ username: 'css_owner' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
    // A live code, an expired one in one country, and one with a product in three countries.
    const codes = [
      { service: 'uber', reward: '15', expires_on: null, countries: null },
      { service: 'airbnb', reward: 'A free night', expires_on: day(-2), countries: '["GB"]' },
      {
        service: 'spotify',
        reward: '3 months',
        expires_on: day(365),
        countries: '["US","GB","DE"]',
      },
    ];
    const ids: string[] = [];
    for (const [i, code] of codes.entries()) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie: owner.cookie,
        body: {
          service: code.service,
          code: `CSS-${i}`,
          reward: code.reward,
          link: `https://${code.service}.com/invite/${i}`,
          listed: true,
          ...(i === 2 && { productName: 'Premium' }),
        },
      });
      expect(response.statusCode).toBe(201);
      const { id } = response.json().code as { id: string };
      ids.push(id);
      await ctx.database.db
        .updateTable('codes')
        .set({ expires_on: code.expires_on?.slice(0, 10) ?? null, countries: code.countries })
        .where('id', '=', id)
        .execute();
    }
    await ctx.createUser({ username: 'css_empty' });

    const { href, css: whole } = wholeStylesheet();
    const wholeClasses = selectorClasses(whole);
    const pages = [
      '/css_owner',
      `/css_owner/${ids[1]}`,
      `/css_owner/${ids[2]}`,
      '/css_empty',
      '/s/uber',
      '/s/netflix',
      '/no_such_profile',
      '/s/no-such-service',
      '/css_owner/00000000-0000-4000-8000-000000000000',
      '/help',
    ];
    for (const url of pages) {
      const response = await ctx.request({ url });
      expect([200, 404], url).toContain(response.statusCode);
      const page = parsePage(response);
      const inline = page.querySelector('head style')?.textContent ?? '';
      // The public pages' stylesheet, not the whole one (which is ~40 % larger).
      expect(inline.length, url).toBeGreaterThan(10_000);
      expect(inline.length, url).toBeLessThan(whole.length * 0.8);
      const inlined = selectorClasses(inline);
      const used = pageClasses(page);
      expect(used.size, url).toBeGreaterThan(20);
      // A class with no rule anywhere (a `group` marker) is not the extraction's to keep.
      const dropped = [...used].filter((name) => wholeClasses.has(name) && !inlined.has(name));
      expect(dropped, url).toEqual([]);
      // After the first paint the entry loads the whole stylesheet (web/boot.ts).
      expect(page.getElementById('page-state')?.getAttribute('data-stylesheet'), url).toBe(href);
    }
  });

  it('keeps the whole stylesheet inline on the landing page, the directory and the rules', async () => {
    const { css: whole } = wholeStylesheet();
    for (const url of ['/', '/s', '/rules']) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(200);
      const page = parsePage(response);
      expect(page.querySelector('head style')?.textContent?.length, url).toBe(
        whole.replaceAll('</style', '<\\/style').length,
      );
      expect(page.getElementById('page-state')?.hasAttribute('data-stylesheet'), url).toBe(false);
    }
  });
});
