import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { catalog } from './harness/catalogs.ts';

const app = useAppAndBrowser();
const french = catalog('fr');

describe('the development sign-in screen', () => {
  // The demo users' descriptions came from the server in English, whatever the language.
  test('describes the demo users in the user’s language (French)', async () => {
    const context = await newContext(app.browser, app.server.baseUrl, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    for (const user of ['ada', 'eddie', 'riley']) {
      const description = page.locator(`[data-user-id="${user}"] .fui-CompoundButton__secondaryContent`);
      await expect.poll(() => description.textContent()).toBe(french[`auth.devUser.${user}`]);
    }
    expect(await page.getByText('Editor of the Company and Engineering calendars').count()).toBe(0);
    await context.close();
  });
});
