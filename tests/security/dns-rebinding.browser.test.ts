import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ApiDriver } from '../e2e/harness/api.ts';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { startServer, type AppServer } from '../e2e/harness/server.ts';

/** Names an attacker controls and rebinds to this machine: Chromium resolves them to 127.0.0.1. */
const ATTACKER_HOSTS = ['evil.example', 'localhost.evil.example'];
const ATTACKER_PAGE = '<!doctype html><html><head><title>Cute cats</title></head><body><p>Nothing to see here.</p></body></html>';

interface Attempt {
  status: number;
  body: string;
}

interface Attempts {
  token: Attempt;
  calendars: Attempt;
  calendarsWithToken: Attempt;
}

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let appPort: string;
let stolenToken: string;

beforeAll(async () => {
  server = await startServer();
  appPort = new URL(server.baseUrl).port;
  browser = await launchBrowser([
    `--host-resolver-rules=${ATTACKER_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`,
    // Chromium's own guard, Local Network Access, stops a page from a public address reaching loopback; other
    // browsers lack it, so it is off here: the server must hold on its own.
    '--disable-features=LocalNetworkAccessChecks',
  ]);
  // As if the attacker had one: even a valid token is no use through a rebound name.
  stolenToken = await new ApiDriver(server.baseUrl).token('ada');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
});

afterEach(() => context.close());

/** What a script on the page gets from same-origin requests: a token for Ada, and the calendars. */
function attack(target: Page, token: string): Promise<Attempts> {
  return target.evaluate(async (bearer) => {
    const read = async (response: Promise<Response>) => {
      const answered = await response;
      return { status: answered.status, body: await answered.text() };
    };
    return {
      token: await read(fetch('/api/dev/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'ada' }) })),
      calendars: await read(fetch('/api/calendars')),
      calendarsWithToken: await read(fetch('/api/calendars', { headers: { authorization: `Bearer ${bearer}` } })),
    };
  }, token);
}

describe.each(ATTACKER_HOSTS)('a page served as %s, rebound to 127.0.0.1', (host) => {
  const attackerOrigin = () => `http://${host}:${appPort}`;

  test('gets 421 for a token and for the calendars, and no data', async () => {
    // The attacker's own document, served for the attacker's name; its later requests reach the real server.
    await page.route(`${attackerOrigin()}/`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: ATTACKER_PAGE }));
    await page.goto(`${attackerOrigin()}/`);
    expect(await page.evaluate(() => location.origin)).toBe(attackerOrigin());

    const attempts = await attack(page, stolenToken);
    for (const [name, attempt] of Object.entries(attempts)) {
      expect(attempt.status, name).toBe(421);
      expect(JSON.parse(attempt.body), name).toMatchObject({ status: 421, title: 'Misdirected Request' });
      expect(attempt.body, name).not.toContain('accessToken');
      expect(attempt.body, name).not.toContain('Company');
    }
  });

  test('navigated to straight, shows the 421 and not the app', async () => {
    const response = await page.goto(`${attackerOrigin()}/`);
    expect(response?.status()).toBe(421);
    expect(response?.headers()['content-type']).toMatch(/^application\/problem\+json/);
    expect(await page.locator('body').textContent()).toContain('Misdirected Request');
    expect(await page.locator('#root').count()).toBe(0);
  });
});

test('the same script on the app’s own origin does get a token and the calendars', async () => {
  // The control: what the attack above would get if the server did not check the Host.
  await page.goto(`${server.baseUrl}/`);
  const attempts = await attack(page, stolenToken);
  expect(attempts.token.status).toBe(200);
  expect(JSON.parse(attempts.token.body)).toHaveProperty('accessToken');
  expect(attempts.calendars.status).toBe(401);
  expect(attempts.calendarsWithToken.status).toBe(200);
});
