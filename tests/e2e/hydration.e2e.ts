import { beforeAll, expect, it } from 'vitest';
import { twentyCodeRows } from '../../server/test-support/twenty-codes.ts';
import { recordConsole } from './support/console.ts';
import { describeE2e } from './support/fixture.ts';

describeE2e('every public page hydrates in Chromium', (e2e) => {
  let codePath = '';

  beforeAll(async () => {
    const twenty = await e2e.signInAs(await e2e.newContext(), { username: 'twenty' });
    // Listed, so the service page shows cards as well as its country filter.
    const rows = twentyCodeRows(twenty.id).map((row) => ({ ...row, listed: 1 }));
    await e2e.withDb((db) => db.insertInto('codes').values(rows).execute());
    codePath = `/twenty/${rows[0]?.id}`;
  });

  it('opens each kind of public page without an uncaught error, a console error or a warning', async () => {
    const pages = [
      '/',
      '/twenty',
      codePath,
      '/s',
      // The service page's country filter names every country.
      '/s/uber',
      '/s/uber?country=FK',
      '/nobody',
      '/nobody/not/a/page',
    ];
    const seen: Record<string, string[]> = {};
    for (const path of pages) {
      const page = await e2e.newPage();
      seen[path] = recordConsole(page);
      await page.goto(e2e.url(path));
      await page.waitForLoadState('networkidle');
      await page.close();
    }
    expect(seen).toEqual(Object.fromEntries(pages.map((path) => [path, []])));
  });

  it("keeps a missing profile's 'Profile not found' title once the app has started", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/nobody'));
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Profile not found · Refstash');
  });
});
