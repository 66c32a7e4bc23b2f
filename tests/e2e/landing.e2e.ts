import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';

const LOGO_COUNT = 13;

/** The overlay's logos, started: the page's clock is driven by the test (page.clock). */
async function startedLogos(page: Page) {
  const items = page.getByTestId('falling-logos').locator(':scope > div');
  // The overlay starts once the page is idle, 2 s at the latest; the 13 logos then join one at a
  // time, 150 ms apart (all at once under prefers-reduced-motion).
  await page.clock.runFor(2000 + 12 * 150);
  // The overlay's own chunk arrives in real time: on a busy machine it may mount after the fake
  // clock ran. Keep the clock going, a join interval at a time, until all have joined.
  await expect
    .poll(
      async () => {
        const count = await items.count();
        if (count < LOGO_COUNT) await page.clock.runFor(150);
        return count;
      },
      { timeout: 10_000 },
    )
    .toBe(LOGO_COUNT);
  const positions = () => items.evaluateAll((els) => els.map((el) => el.style.transform));
  return { items, positions };
}

// Development mode: the server seeds the demo profile on start.
describeE2e('landing page in Chromium', (e2e) => {
  it('shows the headline, Get Started, 6 demo cards and the closing call to action', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { level: 1, name: 'Refstash' }).waitFor();
    await page.getByTestId('demo-card').first().waitFor();
    expect(await page.getByTestId('demo-card').count()).toBe(6);
    await expectAccessible(page);
    const first = page.getByTestId('demo-card').first();
    expect(await first.textContent()).toContain('Uber');
    expect(await first.textContent()).toContain('$15');
    const logo = await first.locator('[aria-hidden=true] > *').first().boundingBox();
    expect(logo?.width).toBe(64);
    expect(await page.getByRole('link', { name: 'Create your profile' }).getAttribute('href')).toBe(
      '/signup',
    );
    // A card is not a dead end: it opens that code's page on the demo profile (issue 24).
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/demo\/[0-9a-f-]{36}$/);
    await first.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Uber referral code' }).waitFor();
    await page.getByRole('button', { name: 'Copy code' }).waitFor();
  });

  it('draws 13 falling 80 px logos that move, never take clicks and are hidden from screen readers', async () => {
    const page = await e2e.newPage({ reducedMotion: 'no-preference' });
    await page.clock.install();
    await page.goto(e2e.url('/'));
    const overlay = page.getByTestId('falling-logos');
    await overlay.waitFor({ state: 'attached' });
    expect(await overlay.getAttribute('aria-hidden')).toBe('true');
    expect(await overlay.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    const { items, positions } = await startedLogos(page);
    expect(await items.first().evaluate((el) => getComputedStyle(el).opacity)).toBe('0.9');
    // offsetWidth, not the bounding box: the logos are rotated.
    expect(
      await items
        .first()
        .locator(':scope > *')
        .first()
        .evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBe(80);
    // Nothing in the overlay is exposed to assistive technology.
    const snapshot = await page.locator('body').ariaSnapshot();
    expect(snapshot).not.toContain('Discord');
    expect(snapshot).not.toContain('Instagram');

    // Ten 30 ms ticks later, every logo has moved.
    const start = await positions();
    await page.clock.runFor(300);
    const later = await positions();
    expect(later.filter((position, index) => position === start[index])).toEqual([]);

    // Clicks go through the overlay to the page.
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(e2e.url('/magic-link'));
  });

  it('lets the logos join one at a time, 150 ms apart, not all 13 in one task', async () => {
    const page = await e2e.newPage({ reducedMotion: 'no-preference' });
    // An installed clock flows with real time until it is paused: on a busy machine a second of
    // it passed between two steps and let eight logos join at once. Paused before the page loads,
    // the page's time moves only when the test moves it, in frames of 16 ms (shorter than the
    // join interval): the app starts a frame after the first paint, the overlay once idle, and
    // the overlay's chunk arrives in real time.
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
    const items = page.getByTestId('falling-logos').locator(':scope > div');
    const loaded = page.goto(e2e.url('/'));
    await expect
      .poll(
        async () => {
          const count = await items.count();
          if (count === 0) await page.clock.runFor(16);
          return count;
        },
        { timeout: 20_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    await loaded;
    expect(await items.count()).toBe(1);
    // Each next logo is due 150 ms after the last one joined: not at 149, then at 150, and one.
    for (let joined = 2; joined <= 13; joined += 1) {
      await page.clock.runFor(149);
      expect(await items.count()).toBe(joined - 1);
      await page.clock.runFor(1);
      await expect.poll(() => items.count()).toBe(joined);
    }
  });

  it('passes axe in dark mode', async () => {
    const page = await e2e.newPage({ colorScheme: 'dark' });
    await page.goto(e2e.url('/'));
    await page.getByTestId('demo-card').first().waitFor();
    await expectAccessible(page);
  });

  it('stands still under prefers-reduced-motion', async () => {
    const page = await e2e.newPage({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(e2e.url('/'));
    const { positions } = await startedLogos(page);
    const start = await positions();
    await page.clock.runFor(3000);
    expect(await positions()).toEqual(start);
  });

  it('is not loaded by a profile visit', async () => {
    const page = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(e2e.url('/demo'));
    await page.getByRole('heading', { name: "@demo's referral codes" }).waitFor();
    expect(await page.getByTestId('falling-logos').count()).toBe(0);
    expect(scripts.some((url) => url.includes('LandingPage'))).toBe(false);
  });
});
