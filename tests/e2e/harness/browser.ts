import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

// The Debian Chromium package; Playwright's own browser download is not available on these machines.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

/** The test process and the browser agree on the time zone, so "today" means the same day to both. */
export const TEST_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function newContext(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 1300 },
    timezoneId: TEST_TIME_ZONE,
    locale: 'en-US',
    ...options,
  });
}
