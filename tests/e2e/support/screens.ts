import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Screenshots go here when set, for a person to look at; never into the repository. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? '';

/** One screenshot as `<name>.png`, when SCREENSHOT_DIR is set. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * The page at 375 and 1280 px, light and dark, as `<name>-<width>-<scheme>.png` (when
 * SCREENSHOT_DIR is set); the page is left at 1280 px, light.
 */
export async function screenshotsInEverySize(page: Page, name: string, fullPage = true) {
  if (!SCREENSHOT_DIR) return;
  // Colour transitions would catch a button half-way through the switch of scheme.
  await page.addStyleTag({ content: '*, ::before, ::after { transition: none !important; }' });
  for (const width of [375, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await screenshot(page, `${name}-${width}-${colorScheme}`, fullPage);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
