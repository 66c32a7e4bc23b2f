import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits (up to 5 s) until no CSS transition runs: after `emulateMedia({ colorScheme })` the cards'
 * colour transitions take a moment, and axe measuring contrast mid-way reads colours that are
 * neither scheme's (seen in CI: green reward text on a half-dark card).
 */
async function settled(page: Page): Promise<void> {
  // Transitions only: a spinner's or skeleton's animation runs for ever.
  await page
    .waitForFunction(
      () =>
        !document
          .getAnimations()
          .some(
            (animation) => animation instanceof CSSTransition && animation.playState === 'running',
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** axe-core's violations on the page (or inside `include`), as "rule: target" lines. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page: page as never });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/** axe-core finds nothing on the page as it stands (or inside `include`). */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include)).toEqual([]);
}

/**
 * axe-core's colour-contrast rule alone, on the elements `selector` finds: how many it checked
 * and passed, could not decide, or failed. A rule that never looked at a button proves nothing.
 */
export async function axeContrast(
  page: Page,
  selector: string,
): Promise<{ passed: number; incomplete: string[]; violations: string[] }> {
  await settled(page);
  const result = await new AxeBuilder({ page: page as never })
    .include(selector)
    .withRules(['color-contrast'])
    .analyze();
  const targets = (list: typeof result.violations) =>
    list.flatMap((rule) => rule.nodes.map((node) => node.target.join(' ')));
  return {
    passed: targets(result.passes).length,
    incomplete: targets(result.incomplete),
    violations: targets(result.violations),
  };
}
