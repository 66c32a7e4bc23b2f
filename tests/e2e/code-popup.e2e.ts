import { expect, it } from 'vitest';
import { describeE2e } from './support/fixture.ts';
import { screenshot } from './support/screens.ts';

/** The code popup on a phone (issue 24): what a visitor sees after 'Copy code'. */
describeE2e('the code popup on a 375 × 812 phone', (e2e) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`opens on 'Copy code' and shows 'Did it work?' without scrolling after a copy (${colorScheme})`, async () => {
      const page = await e2e.newPage({
        viewport: { width: 375, height: 812 },
        colorScheme,
        reducedMotion: 'reduce',
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await page.goto(e2e.url('/demo'));
      // The demo's Uber code has a link, so the popup holds the link and its 240 px QR code too.
      await page.getByRole('link', { name: /Uber/ }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('img', { name: 'QR code for Uber link' }).waitFor();

      // Focus starts on the copy button: Enter copies, it does not close the popup.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy code');
      const click = page.waitForResponse((response) => response.url().endsWith('/clicks'));
      await page.keyboard.press('Enter');
      expect((await click).status()).toBe(202);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('RIDEWITHDEMO');

      const question = dialog.getByRole('region', { name: 'Did it work?' });
      await question.waitFor();
      const box = await question.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(812);
      // Nothing was scrolled to bring it there.
      expect(
        await dialog.evaluate((el) => el.querySelector('.overflow-y-auto')?.scrollTop ?? 0),
      ).toBe(0);
      await screenshot(page, `code-popup-after-copy-375-${colorScheme}`, false);
    });
  }
});
