import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { isBotUserAgent } from './clicks.service.ts';
import { BROWSER_UA, click, counts, newCode, nextIp } from './clicks.test-helpers.ts';

// Issue 22: headless Chrome (scripts, scrapers, screenshot services) is a scripted client.
const HEADLESS_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

describe('isBotUserAgent: headless browsers', () => {
  it('treats HeadlessChrome as a bot, and the same Chrome with a window as a person', () => {
    expect(isBotUserAgent(HEADLESS_CHROME)).toBe(true);
    expect(isBotUserAgent(HEADLESS_CHROME.replace('HeadlessChrome', 'Chrome'))).toBe(false);
    expect(isBotUserAgent(BROWSER_UA)).toBe(false);
  });
});

describeEachDatabase('a copy from headless Chrome', (ctx) => {
  it('is answered 202 and counts nothing', async () => {
    const codeId = await newCode(ctx);
    const response = await click(ctx, codeId, nextIp(), HEADLESS_CHROME);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ counted: false });
    expect(await counts(ctx, codeId)).toMatchObject({ clicks: 0, events: [] });
  });
});
