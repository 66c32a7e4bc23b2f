import fs from 'node:fs';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { BROWSER_UA } from '../../../server/features/codes/clicks.test-helpers.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The tests' browser stands for a person: headless Chrome's own user agent is a bot's.
  `--user-agent=${BROWSER_UA}`,
];

/** Launches the system Chromium, or fails with how to install it. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it (Debian: apt-get update && apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
}

/**
 * True once the app has started on the page: every link and button in `#root` belongs to React
 * (hydrated, or rendered in the browser). Pages without `#root` (an image, a JSON answer) count as
 * ready.
 */
function appStarted(): boolean {
  const root = document.getElementById('root');
  if (!root) return true;
  const isReact = (element: Element) =>
    Object.keys(element).some((key) => key.startsWith('__react'));
  const controls = [...root.querySelectorAll('a, button')];
  if (controls.length > 0) return controls.every(isReact);
  return root.firstElementChild !== null && isReact(root.firstElementChild);
}

const WAITING = new WeakSet<Page>();

/**
 * The app's entry starts the app after the page's first paint (decision 060), so Playwright's
 * `load` comes before hydration. A page of an e2e context waits after each `goto` and `reload`
 * until the app has started, as a visitor would before the first click counts; with JavaScript
 * off there is nothing to wait for.
 */
export function waitForAppAfterNavigation(page: Page): void {
  if (WAITING.has(page)) return;
  WAITING.add(page);
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.waitForFunction(appStarted);
      return response;
    }) as never;
  }
}
