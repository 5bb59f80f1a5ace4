import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';
import { catalog } from './harness/catalogs.ts';

const app = useAppAndBrowser();

const label = (locale: string, id: string, english: string) => (locale === 'en' ? english : catalog(locale)[id]!);

describe('the working day’s hours in the view options', () => {
  // "Working day from" wraps where "to" does not: the lists stood at different heights, the labels askew.
  test.each(['en', 'fr', 'de', 'ar'])('in %s stand level: both lists at one height, each label just above its list', async (locale) => {
    const context = await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await page.goto(`/?locale=${locale}`);
    const from = page.getByRole('combobox', { name: label(locale, 'calendar.workingFrom', 'Working day from') });
    const to = page.getByRole('combobox', { name: label(locale, 'calendar.workingTo', 'to'), exact: true });
    await from.waitFor();
    const boxes = await Promise.all(
      [from, to].map((select) =>
        select.evaluate((element) => {
          const field = element.closest('.fui-Field')!;
          const text = field.querySelector('label')!.getBoundingClientRect();
          const list = element.getBoundingClientRect();
          return { labelBottom: text.bottom, listTop: list.top, listBottom: list.bottom };
        }),
      ),
    );
    const [start, end] = boxes as [(typeof boxes)[0], (typeof boxes)[0]];
    expect(Math.abs(start.listTop - end.listTop), 'lists level').toBeLessThanOrEqual(1);
    expect(Math.abs(start.listBottom - end.listBottom), 'lists level').toBeLessThanOrEqual(1);
    expect(Math.abs(start.labelBottom - end.labelBottom), 'labels level').toBeLessThanOrEqual(1);
    for (const box of boxes) expect(box.labelBottom, 'label above its list').toBeLessThanOrEqual(box.listTop);
    await context.close();
  });
});
