import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { twentyCodeRows } from '../../server/test-support/twenty-codes.ts';
import { expectAccessible } from './support/axe.ts';
import { recordConsole } from './support/console.ts';
import { describeE2e } from './support/fixture.ts';

/** A crawler's user agent: the server answers it the page as it answers everyone. */
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A 900 × 600 JPEG from a camera that wrote where it was (EXIF with a GPS block). */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#0ea5e9' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#f97316"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2404/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 792/100',
      },
    })
    .toBuffer();
}

/** True when an EXIF block points to a GPS block (tag 0x8825, either byte order). */
function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

function metaContent(html: string, property: string): string | undefined {
  const tag = html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`));
  return tag?.[1]?.replaceAll('&amp;', '&');
}

/** Every JSON-LD block of the page, parsed. */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] as string),
  );
}

/** Everything a visitor sees of the identity, read the same way with JavaScript on and off. */
async function expectIdentityShown(page: Page) {
  const header = page.locator('[data-profile-header]');
  expect(await header.locator('[data-display-name]').textContent()).toBe('Alice Martin');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
    "Alice Martin@alice's referral codes",
  );
  // The bio is text: its markup stays characters, its line break stays a line break.
  const bio = header.locator('[data-bio]');
  expect(await bio.textContent()).toBe('Rides and flats.\n<b>Ask</b> me anything');
  expect(await bio.locator('b').count()).toBe(0);
  expect(await bio.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-line');
  const links = header.getByRole('list', { name: 'Links' }).getByRole('link');
  expect(await links.count()).toBe(2);
  expect(await links.nth(0).getAttribute('href')).toBe('https://alice.example/');
  expect(await links.nth(1).getAttribute('href')).toBe('https://www.instagram.com/alice');
  expect(await links.nth(1).getAttribute('rel')).toBe('me nofollow noopener');
  expect(await links.nth(1).locator('[data-link-icon="instagram"]').count()).toBe(1);
  // The accent is on the page's own element, as CSS variables the server wrote.
  const section = page.locator('section[data-accent]');
  expect(await section.getAttribute('data-accent')).toBe('teal');
  expect(
    await section.evaluate((element) =>
      getComputedStyle(element).getPropertyValue('--color-accent-600').trim(),
    ),
  ).toBe('#0f766e');
  const avatar = header.locator('img[data-avatar="image"]');
  expect(await avatar.getAttribute('width')).toBe('72');
  expect(await avatar.getAttribute('loading')).toBe('lazy');
  return avatar.getAttribute('src');
}

describeE2e(
  'a profile that looks like its owner',
  (e2e) => {
    let ownerContext: Awaited<ReturnType<typeof e2e.newContext>>;

    beforeAll(async () => {
      ownerContext = await e2e.newContext();
      const alice = await e2e.signInAs(ownerContext, { username: 'alice' });
      await e2e.withDb((db) =>
        db.insertInto('codes').values(twentyCodeRows(alice.id).slice(0, 4)).execute(),
      );
    });

    it('uploads a picture, sets the fields and an accent; the profile, avatar, share image and head follow', async () => {
      const crawlerHead = async () =>
        (await fetch(e2e.url('/alice'), { headers: { 'user-agent': CRAWLER_UA } })).text();
      const before = await crawlerHead();
      const shareBefore = metaContent(before, 'og:image');
      expect(shareBefore).toBeTruthy();
      const shareBeforeBytes = Buffer.from(
        await (await fetch(shareBefore as string)).arrayBuffer(),
      );

      // 1. The picture: a JPEG with EXIF GPS, its square crop shown before it is saved.
      const photo = await photoWithGps();
      expect(hasGpsPointer((await sharp(photo).metadata()).exif)).toBe(true);
      const page = await ownerContext.newPage();
      const messages = recordConsole(page);
      await page.goto(e2e.url('/settings'));
      const profile = page.locator('section[aria-labelledby="settings-profile"]');
      await profile.getByLabel('Choose a picture').setInputFiles({
        name: 'holiday.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      await profile
        .getByAltText('The chosen picture, cropped to a square from the centre')
        .waitFor();
      await profile.getByRole('button', { name: 'Save picture' }).click();
      await profile.getByText('Picture saved').waitFor();

      // 2. Display name, bio, two links and an accent, with the live preview following.
      await profile.getByLabel(/^Display name/).fill('Alice Martin');
      await profile.getByLabel(/^Bio/).fill('Rides and flats.\n<b>Ask</b> me anything');
      await profile.getByRole('button', { name: 'Add a link' }).click();
      await profile.getByRole('textbox', { name: 'Link 1' }).fill('https://alice.example/');
      await profile.getByRole('button', { name: 'Add a link' }).click();
      await profile
        .getByRole('textbox', { name: 'Link 2' })
        .fill('https://www.instagram.com/alice');
      await profile.getByRole('radio', { name: 'Teal' }).check();
      const preview = profile.getByRole('complementary', { name: 'Preview' });
      expect(await preview.locator('[data-display-name]').textContent()).toBe('Alice Martin');
      expect(await preview.locator('[data-accent]').getAttribute('data-accent')).toBe('teal');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved').waitFor();
      expect(messages).toEqual([]);
      // The section (swatches, preview in the chosen accent) passes axe in both schemes.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expectAccessible(page, 'section[aria-labelledby="settings-profile"]');
      }

      // 3. The profile shows them, with JavaScript on (hydrated cleanly) …
      const visitor = await e2e.newPage();
      const visitorMessages = recordConsole(visitor);
      await visitor.goto(e2e.url('/alice'));
      const avatarSrc = await expectIdentityShown(visitor);
      expect(visitorMessages).toEqual([]);
      // The owner's accent keeps the page accessible (contrast included) in both schemes.
      for (const colorScheme of ['light', 'dark'] as const) {
        await visitor.emulateMedia({ colorScheme });
        await expectAccessible(visitor);
      }
      // … and off.
      const noScript = await e2e.newPage({ javaScriptEnabled: false });
      await noScript.goto(e2e.url('/alice'));
      expect(await expectIdentityShown(noScript)).toBe(avatarSrc);

      // 4. The served avatar is a square WebP without any metadata (no EXIF, so no GPS).
      const small = await fetch(new URL(avatarSrc as string, e2e.url('/')));
      expect(small.status).toBe(200);
      expect(small.headers.get('cache-control')).toContain('immutable');
      const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
      expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['webp', 128, 128]);
      expect(smallMeta.exif).toBeUndefined();
      const api = await (await fetch(e2e.url('/api/profiles/alice'))).json();
      const large = await fetch(new URL(api.identity.avatar.url512, e2e.url('/')));
      const largeMeta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
      expect([largeMeta.format, largeMeta.width, largeMeta.height]).toEqual(['webp', 512, 512]);
      expect(largeMeta.exif).toBeUndefined();
      expect(hasGpsPointer(largeMeta.exif)).toBe(false);

      // 5 and 6. A crawler's fetch: the new title, the JSON-LD, and a share image that changed.
      const after = await crawlerHead();
      expect(after).toContain('<title>Alice Martin (@alice) · referral codes');
      expect(metaContent(after, 'og:title')).toContain('Alice Martin (@alice) · referral codes');
      const shareAfter = metaContent(after, 'og:image');
      expect(shareAfter).toBeTruthy();
      expect(shareAfter).not.toBe(shareBefore);
      const shareAfterBytes = Buffer.from(await (await fetch(shareAfter as string)).arrayBuffer());
      expect(shareAfterBytes.equals(shareBeforeBytes)).toBe(false);
      const shareMeta = await sharp(shareAfterBytes).metadata();
      expect([shareMeta.width, shareMeta.height]).toEqual([1200, 630]);

      const blocks = jsonLd(after) as Array<Record<string, unknown>>;
      const page_ = blocks.find((block) => block['@type'] === 'ProfilePage');
      expect(page_).toBeDefined();
      const person = page_?.mainEntity as Record<string, unknown>;
      expect(person['@type']).toBe('Person');
      expect(person.name).toBe('Alice Martin');
      expect(String(person.alternateName)).toContain('alice');
      expect(String(person.image)).toContain(api.identity.avatar.url512.replace(/^\//, ''));
      expect(person.sameAs).toEqual(['https://alice.example/', 'https://www.instagram.com/alice']);
    });

    it("'Remove' brings back the generated initial", async () => {
      const page = await ownerContext.newPage();
      await page.goto(e2e.url('/settings'));
      const profile = page.locator('section[aria-labelledby="settings-profile"]');
      await profile.getByRole('button', { name: 'Remove', exact: true }).click();
      await profile.getByText('Picture removed').waitFor();
      const visitor = await e2e.newPage({ javaScriptEnabled: false });
      await visitor.goto(e2e.url('/alice'));
      const header = visitor.locator('[data-profile-header]');
      expect(await header.locator('img').count()).toBe(0);
      expect(await header.locator('[data-avatar="initial"]').textContent()).toBe('A');
    });
  },
  { databases: 'each' },
);
