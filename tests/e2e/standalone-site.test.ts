import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { launchBrowser, newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import { chooseTimeZone, dayCell, localDate, timeZoneField, waitForEvents, WHEN_FORMAT } from './harness/calendar-page.ts';
import { firstEventTimes, recordFirstRender } from './harness/first-render.ts';
import { freePort, startServer, type AppServer } from './harness/server.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './harness/test-identity-provider.ts';
import { typeInto } from './harness/event-form.ts';

let certificateDir: string;
let idp: TestIdentityProvider;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every URL the site's pages asked for. */
const requested: string[] = [];

beforeAll(async () => {
  certificateDir = mkdtempSync(join(tmpdir(), 'company-calendar-idp-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  idp = await startTestIdentityProvider({ dir: certificateDir, redirectUris: [`${baseUrl}/auth-end`], postLogoutRedirectUris: [`${baseUrl}/`] });
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_AUDIENCE: idp.audience,
      OIDC_JWKS_URI: idp.jwksUri,
      OIDC_SCOPES: 'openid profile access_as_user',
      // Every user of this provider belongs to the seeded demo organisation.
      OIDC_TENANT_ID: DEMO_TENANT_ID,
      NODE_EXTRA_CA_CERTS: idp.certificateFile,
      SEED_DEMO_DATA: 'true',
    }),
    // The provider's certificate was made a moment ago; the server trusts it through NODE_EXTRA_CA_CERTS.
    launchBrowser(['--ignore-certificate-errors']),
  ]);
  context = await newContext(browser, server.baseUrl, { permissions: ['clipboard-read', 'clipboard-write'] });
  context.on('request', (request) => void requested.push(request.url()));
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  rmSync(certificateDir, { recursive: true, force: true });
});

describe('the standalone site', () => {
  test('says so when signing in is cancelled at the provider, and offers to sign in again', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL((url) => url.origin === server.baseUrl);
    await page.getByText(/Signing in did not work: .*access_denied/).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
  });

  test('signs in through the OpenID Connect provider with MSAL, and creates an event', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name=login]').fill('eddie');
    await page.locator('input[name=password]').fill('any password');
    await page.locator('.login-submit').click();
    const signedIn = page.getByTestId('signed-in-user').getByText('Eddie Editor');
    const consent = page.getByRole('button', { name: 'Continue' });
    await Promise.race([signedIn.waitFor(), consent.waitFor()]);
    if (await consent.isVisible()) await consent.click();
    await signedIn.waitFor();
    await waitForEvents(page);

    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Title').fill('Standalone planning');
    await form.getByRole('combobox', { name: 'Start date' }).fill(localDate(2));
    await typeInto(form.getByRole('combobox', { name: 'Start time' }), '10:00');
    await form.getByRole('combobox', { name: 'End date' }).fill(localDate(2));
    await typeInto(form.getByRole('combobox', { name: 'End time' }), '11:00');
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/events'));
    await form.getByRole('button', { name: 'Create' }).click();
    expect((await created).status()).toBe(201);
    await dayCell(page, localDate(2)).getByText('Standalone planning').waitFor();
  });

  test('a reload signs in silently from MSAL’s cache: no sign-in screen, no visit to the provider', async () => {
    const toProvider: string[] = [];
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(idp.issuer)) toProvider.push(new URL(request.url()).pathname);
    });
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.reload();
    // The first event's paint is reported (Element Timing): what the bench measures is there to measure.
    const { mounted, painted } = await firstEventTimes(page);
    expect(painted).toBeGreaterThanOrEqual(mounted);
    recordFirstRender('standalone', painted);
    await page.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    await dayCell(page, localDate(2)).getByText('Standalone planning').waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).count()).toBe(0);
    // MSAL reads the provider's metadata; nothing else goes there: no authorization, no token request.
    expect(new Set(toProvider)).toEqual(new Set(['/.well-known/openid-configuration']));
    expect(navigations.every((url) => url.startsWith(server.baseUrl))).toBe(true);
  });

  test('shows another time zone when asked, and remembers it', async () => {
    const event = page.locator('.cc-event', { hasText: 'Standalone planning' });
    // Hours away from the test's zone, whichever that is: the event's 10:00 shows at another hour.
    const zone = TEST_TIME_ZONE === 'Australia/Adelaide' ? 'America/New_York' : 'Australia/Adelaide';
    await chooseTimeZone(page, zone);
    await expect.poll(() => event.textContent()).not.toContain('10:00 AM');
    await event.click();
    const dialog = page.getByRole('dialog');
    const when = new Intl.DateTimeFormat('en-US', { ...WHEN_FORMAT, timeZone: zone }).formatRange(
      new Date(`${localDate(2)}T10:00:00`),
      new Date(`${localDate(2)}T11:00:00`),
    );
    await dialog.getByText(when).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await waitForEvents(page);
    expect(await timeZoneField(page).inputValue()).toContain(` ${zone.replaceAll('_', ' ')} `);
    await chooseTimeZone(page, '');
    await expect.poll(() => event.textContent()).toContain('10:00 AM');
  });

  test('“Copy link” copies the site’s own link to the event, and that link opens it', async () => {
    const event = page.locator('.cc-event', { hasText: 'Standalone planning' }).first();
    const eventId = await event.getAttribute('data-event-id');
    await event.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).click();
    await page.locator('.fui-ToastTitle', { hasText: 'Link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.baseUrl}/?eventId=${eventId}`);

    const other = await context.newPage();
    await other.goto(link);
    await expect.poll(() => other.getByRole('dialog').getByRole('heading').first().textContent()).toBe('Standalone planning');
    // The address no longer names the event, only the period it showed: a reload shows the calendar there.
    const address = new URL(other.url()).searchParams;
    expect(address.has('eventId')).toBe(false);
    expect(address.get('view')).toBe('month');
    await other.close();
  });

  test('never loads teams-js, which would fetch its list of hosts from Microsoft’s CDN', () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => url.startsWith('https://res.cdn.office.net/'))).toEqual([]);
  });

  test('answers the privacy and terms pages the app manifest links to', async () => {
    for (const [path, title] of [
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms of use'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    }
  });

  test('the Teams configuration page, opened here, says to open it from Teams without asking anyone to sign in', async () => {
    // A fresh visitor: nobody is signed in, so a page that signed in would show MSAL's sign-in screen.
    const visitor = await newContext(browser, server.baseUrl);
    const visit = await visitor.newPage();
    await visit.goto('/config');
    await visit.getByRole('heading', { name: 'Open this page from Teams' }).waitFor();
    expect(await visit.getByRole('heading', { name: 'Sign in to Company Calendar' }).count()).toBe(0);
    await visitor.close();
  });

  test('signing out ends the session with the provider too: the next visit asks to sign in', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.getByRole('button', { name: /sign me out/i }).click();
    await page.waitForURL((url) => url.origin === server.baseUrl);
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
  });
});
