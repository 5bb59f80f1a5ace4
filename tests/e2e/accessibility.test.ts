import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { axeViolations, DIALOGS } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, signIn, waitForEvents } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';

const app = useAppAndBrowser();

async function monthView(colorScheme: 'light' | 'dark'): Promise<{ page: Page; events: CalendarEvent[] }> {
  const page = await (await newContext(app.browser, app.server.baseUrl, { colorScheme })).newPage();
  const feed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await signIn(page, /Eddie Editor/);
  const events = (await (await feed).json()) as CalendarEvent[];
  await waitForEvents(page);
  return { page, events };
}

describe.each(['light', 'dark'] as const)('accessibility, %s', (colorScheme) => {
  let page: Page;
  let events: CalendarEvent[];

  beforeAll(async () => {
    ({ page, events } = await monthView(colorScheme));
  });

  test('the month view has no WCAG 2.1 A/AA violations', async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the week and Upcoming views have none', async () => {
    for (const view of ['Week', 'Upcoming']) {
      await page.getByRole('tab', { name: view }).click();
      await expect.poll(() => page.getByRole('tab', { name: view }).getAttribute('aria-selected')).toBe('true');
      expect(await axeViolations(page), view).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Month' }).click();
    await waitForEvents(page);
  });

  test('the details of an occurrence changed from its series have none', async () => {
    // The seeded stand-up moved an hour later: in the Engineering calendar, which Eddie may edit.
    const moved = events.find((event) => event.title === 'Engineering stand-up' && event.start !== event.extendedProps.recurrenceId);
    await calendarEvent(page, moved!.id).click();
    const details = page.getByRole('dialog', { name: 'Engineering stand-up' });
    await details.getByText('Changed from the series').waitFor();
    await details.getByText(/^Every weekday/).waitFor();
    // The month view beneath was read in this scheme above: the dialogs alone.
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
  });

  test('the question of which occurrences to edit has none', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    const question = page.getByRole('dialog', { name: 'Edit recurring event' });
    await question.getByRole('radio', { name: 'This and following events' }).waitFor();
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
  });

  test('the event form, with errors showing, has none', async () => {
    const question = page.getByRole('dialog', { name: 'Edit recurring event' });
    await question.getByRole('radio', { name: 'This event' }).check();
    await question.getByRole('button', { name: 'OK' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event' });
    await form.getByLabel('Title').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a title').waitFor();
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
  });
});

describe('accessibility, forced colours', () => {
  test('with the system’s own colours forced, the month view has no WCAG 2.1 A/AA violations', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl, { forcedColors: 'active' })).newPage();
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);
    // The high-contrast theme keeps what forced colours leave alone in keeping: its neutral background is black.
    const background = await page.locator('.fui-FluentProvider').first().evaluate((provider) => getComputedStyle(provider).getPropertyValue('--colorNeutralBackground1'));
    expect(background.trim()).toBe('#000000');
    expect(await axeViolations(page)).toEqual([]);
  });
});
