import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.ts';
import { describeE2e } from './support/fixture.ts';

// Long unbroken runs, as a pasted URL gives them: nothing a browser may break at a space.
const LONG_REWARD = `https://example.com/rewards/${'r'.repeat(150)}`;
const LONG_PRODUCT = `Super${'x'.repeat(90)}`;
const LONG_LINK = `https://example.com/invite/${'l'.repeat(300)}`;
const LONG_CODE = `CODE${'C'.repeat(90)}`;

/** The page is no wider than the screen, and no card is wider than its own box. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const cards = [
      ...document.querySelectorAll(
        'main li, [data-testid="code-card"], [role="dialog"], [role="dialog"] > div',
      ),
    ].filter((el) => el.getBoundingClientRect().width > 0);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      cards: cards.length,
      wide: cards
        .filter(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > viewport + 1,
        )
        .map((el) => `${el.tagName} ${el.scrollWidth}/${el.clientWidth}`),
    };
  });
}

// The landing preview shows this user's codes: it is the demo profile here.
describeE2e(
  'cards with long unbroken words',
  (e2e) => {
    let longId: string;
    let owner: BrowserContext;

    /** A page of its own, signed in as the owner of the long codes. */
    async function ownerPage(viewport: { width: number; height: number }): Promise<Page> {
      const context = await e2e.newContext({ viewport });
      await context.addCookies(await owner.cookies());
      return context.newPage();
    }

    beforeAll(async () => {
      owner = await e2e.newContext();
      const user = await e2e.signInAs(owner, { username: 'longwords' });
      await e2e.withDb(async (db) => {
        longId = newId();
        // The short code is older: the long one comes first on the profile.
        await db
          .insertInto('codes')
          .values([
            {
              id: newId(),
              user_id: user.id,
              service: 'lyft',
              product_name: null,
              code: 'SHORT',
              reward: '5',
              link: null,
              created_at: '2026-01-01T00:00:00.000Z',
              updated_at: '2026-01-01T00:00:00.000Z',
            },
            {
              id: longId,
              user_id: user.id,
              service: 'uber',
              product_name: LONG_PRODUCT,
              code: LONG_CODE,
              reward: LONG_REWARD,
              link: LONG_LINK,
              created_at: '2026-01-02T00:00:00.000Z',
              updated_at: '2026-01-02T00:00:00.000Z',
            },
          ])
          .execute();
      });
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`never scrolls sideways at 375 px, on every public page and the dashboard (${colorScheme})`, async () => {
        const page = await ownerPage({ width: 375, height: 800 });
        await page.emulateMedia({ colorScheme });
        const pages: Array<[string, string]> = [
          ['/', 'main [data-testid="demo-card"]'],
          ['/longwords', 'main li a'],
          [`/longwords/${longId}`, '[data-testid="referral-code"]'],
          ['/no/such/page', 'main h1'],
          ['/no_such_user', 'main h1'],
          ['/magic-link', 'main h1'],
          ['/dashboard', '[data-testid="code-card"]'],
        ];
        for (const [path, ready] of pages) {
          await page.goto(e2e.url(path));
          await page.locator(ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          const { scrollWidth, viewport, wide } = await overflow(page);
          expect({ path, scrollWidth, viewport, wide }).toEqual({
            path,
            scrollWidth: 375,
            viewport: 375,
            wide: [],
          });
        }
        // The long card's text is all there, wrapped, not cut off.
        await page.goto(e2e.url('/longwords'));
        const card = page.locator('main li a').first();
        expect(await card.textContent()).toContain(LONG_PRODUCT);
        // The popup of the long card.
        await card.click();
        await page.getByRole('dialog').waitFor();
        await page.getByRole('dialog').getByText(LONG_LINK).waitFor();
        expect((await overflow(page)).wide).toEqual([]);
        expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(375);
      });
    }

    it('gives the cards of one row one height at 1280 px, with the logo at the top beside long text', async () => {
      const page = await ownerPage({ width: 1280, height: 900 });
      for (const [path, cardSelector] of [
        ['/longwords', 'main li a'],
        ['/', '[data-testid="demo-card"]'],
        ['/dashboard', '[data-testid="code-card"]'],
      ] as const) {
        await page.goto(e2e.url(path));
        const cards = page.locator(cardSelector);
        await cards.nth(1).waitFor();
        await page.waitForLoadState('networkidle');
        const [long, short] = await Promise.all(
          [0, 1].map((index) =>
            cards.nth(index).evaluate((el) => {
              const box = el.getBoundingClientRect();
              const logo = el.querySelector('img')!.getBoundingClientRect();
              const heading = el.querySelector('h2, h3')!.getBoundingClientRect();
              return { top: box.top, height: box.height, logoTop: logo.top, textTop: heading.top };
            }),
          ),
        );
        // Side by side, one row, one height (issue 24: a ragged row read as a broken list).
        expect(short!.top, path).toBe(long!.top);
        expect(Math.abs(short!.height - long!.height), path).toBeLessThanOrEqual(1);
        // The logo sits at the top, level with the service name, not centred on the long text.
        expect(Math.abs(long!.logoTop - long!.textTop), path).toBeLessThanOrEqual(4);
      }
    });
  },
  { env: () => ({ DEMO_USERNAME: 'longwords', SEED_DEMO: '0' }) },
);
