import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/ics/${name}`, import.meta.url));

describe('the import dialog’s file chooser', () => {
  // It was the browser's own unstyled file button.
  test('is a Fluent “Choose file…” button, described by the field’s label, that opens the chooser from the keyboard', async () => {
    const context = await newContext(app.browser, app.server.baseUrl);
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await page.getByRole('complementary').getByRole('button', { name: 'More actions for Company' }).click();
    await page.getByRole('menuitem', { name: 'Import (.ics)…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import into Company' });

    const choose = dialog.getByRole('button', { name: 'Choose file…' });
    await choose.waitFor();
    expect(await choose.getAttribute('class')).toContain('fui-Button');
    expect(await choose.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('iCalendar file (.ics)');
    // The native input is out of sight, out of the tab order and unread: the button is what is seen and read.
    const input = dialog.locator('input[type=file]');
    expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    expect(await input.getAttribute('tabindex')).toBe('-1');
    expect(await input.getAttribute('aria-hidden')).toBe('true');

    // Enter on the button clicks the input, which is what opens the browser's chooser (the chooser is the browser's
    // own; the test sees the click, then gives the input a file), and the file chosen is read.
    await input.evaluate((element) => element.addEventListener('click', (event) => { event.preventDefault(); element.dataset.clicked = 'yes'; }));
    await choose.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('data-clicked')).toBe('yes');
    await input.setInputFiles(fixture('google-calendar.ics'));
    await dialog.getByRole('heading', { name: /google-calendar\.ics/ }).waitFor();
    await context.close();
  });
});
