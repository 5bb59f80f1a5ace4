import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';

const app = useAppAndBrowser();

describe('the sign-in redirect page', () => {
  test('speaks the browser’s language: opened without a sign-in to hand back, it says so in German', async () => {
    const context = await newContext(app.browser, app.server.baseUrl, { locale: 'de-DE' });
    const page = await context.newPage();
    expect((await page.goto('/auth-end'))?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Anmeldung – Company Calendar');
    await page.getByText(/^Die Anmeldung wurde nicht abgeschlossen: .+\. Schließen Sie dieses Fenster und versuchen Sie es erneut\.$/).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de-DE', 'ltr']);
    await context.close();
  });

  test('lays Arabic out right to left, and English stays the source', async () => {
    const context = await newContext(app.browser, app.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/auth-end?locale=ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText(/^لم يكتمل تسجيل الدخول: /).waitFor();
    await page.goto('/auth-end?locale=en-GB');
    await page.getByText(/^Signing in did not finish: .+\. Close this window and try again\.$/).waitFor();
    expect(await page.title()).toBe('Signing in – Company Calendar');
    await context.close();
  });
});
