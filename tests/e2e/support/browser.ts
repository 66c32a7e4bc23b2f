import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
