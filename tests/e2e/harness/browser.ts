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

/** `extraArgs`, e.g. --ignore-certificate-errors for the test identity provider's certificate made at test time. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extraArgs], headless: true });
}

/**
 * teams-js fetches its list of valid host origins from Microsoft's CDN when it loads; the tests have no network,
 * so the fetch fails at once and teams-js uses the list it ships with.
 */
export async function blockTeamsCdn(context: BrowserContext): Promise<void> {
  await context.route('https://res.cdn.office.net/**', (route) => route.abort());
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
