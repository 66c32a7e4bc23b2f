import type { ConsoleMessage, Page } from 'playwright-core';

/**
 * Every console error and warning of the page, and every uncaught error: a failed hydration shows
 * as React's error #418 (a `pageerror`) in the production build and as a warning in development.
 * Chromium's note that the page itself answered 404 is left out: a 404 page says so on purpose.
 */
export function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const ownStatus =
      message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if (!ownStatus) messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}
