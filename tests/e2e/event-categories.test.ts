import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations, DIALOGS, type AxeScope } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, calendarRowAction, localDate, signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

/** A Sunday months ahead: no demo event there, so a month cell shows every event of ours (none behind "+ more"). */
function quietSunday(): string {
  for (let days = 100; ; days++) if (new Date(`${localDate(days)}T12:00`).getDay() === 0) return localDate(days);
}

const day = quietSunday();
const suffix = Date.now().toString(36);
const categoryName = `All-hands ${suffix}`;
/** Not the Company calendar's colour: the events of the category take this one. */
const categoryColor = '#8F3BB8';
let page: Page;
let categorised: CalendarEvent;
let plain: CalendarEvent;

/** Axe finds nothing on the page as it is (or the part `scope` names), in the light scheme and then the dark one. */
async function expectAccessibleInBothSchemes(where: string, scope: AxeScope = {}) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page, scope), `${where}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function companyEvent(api: ApiDriver, token: string, calendarId: string, title: string, hour: number): Promise<CalendarEvent> {
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
    token,
    body: { title, start: new Date(`${day}T${hour}:00`).toISOString(), end: new Date(`${day}T${hour + 1}:00`).toISOString() },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function openCompanyCategories() {
  await page.getByRole('button', { name: 'Manage calendars' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage calendars' });
  await calendarRowAction(dialog, 'Company', 'Categories…');
  return page.getByRole('dialog', { name: 'Categories of Company' });
}

function filterBox(name: string) {
  return page.getByRole('complementary').getByRole('checkbox', { name });
}

beforeAll(async () => {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('ada');
  const companyId = await api.calendarId(token, 'Company');
  categorised = await companyEvent(api, token, companyId, `Town hall ${suffix}`, 10);
  plain = await companyEvent(api, token, companyId, `Budget review ${suffix}`, 14);
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Ada Admin/);
});

afterAll(() => page?.close());

describe('event categories', () => {
  test('Ada creates a category with an icon chosen in the picker, by keyboard and pointer', async () => {
    const dialog = await openCompanyCategories();
    await dialog.getByRole('button', { name: 'New category' }).click();
    await dialog.getByRole('textbox', { name: /Name/ }).fill(categoryName);
    await dialog.getByRole('textbox', { name: /Colour/ }).fill(categoryColor);
    const picker = dialog.getByRole('listbox', { name: /Icon/ });
    // A new category starts on the calendar icon; arrows move the choice, which is the one tab stop.
    await picker.getByRole('option', { name: 'Calendar', selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Clock');
    expect(await picker.getByRole('option', { selected: true }).getAttribute('aria-label')).toBe('Clock');
    await page.keyboard.press('Home');
    expect(await picker.getByRole('option', { selected: true }).getAttribute('aria-label')).toBe('Megaphone');
    expect(await picker.locator('[role=option][tabindex="0"]').count()).toBe(1);
    // The dialogs alone: the page beneath is read whole, in both schemes, with the category filter below.
    await expectAccessibleInBothSchemes('the category editor and its icon picker', { include: DIALOGS });

    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/categories'));
    await dialog.getByRole('button', { name: 'Create category' }).click();
    expect((await created).status()).toBe(201);
    // .first(): the toaster also announces it in a live region.
    await page.getByText(`Category ${categoryName} created`).first().waitFor();
    await dialog.locator('li', { hasText: categoryName }).waitFor();
    // The dialog alone, so the toast need not be waited out: it leaves by fading, and half-faded text fails contrast.
    await expectAccessibleInBothSchemes('the calendar’s categories', { include: DIALOGS });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('Ada gives an event the category in its form; its details show it', async () => {
    await page.goto(`/?eventId=${categorised.id}`);
    const details = page.getByRole('dialog', { name: categorised.title });
    await details.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event' });
    await form.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: categoryName }).click();
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(categorised.id));
    await form.getByRole('button', { name: 'Save' }).click();
    const body = (await (await saved).json()) as CalendarEvent;
    expect(body.extendedProps.categoryId).not.toBe('');
    await form.waitFor({ state: 'detached' });

    await page.goto(`/?eventId=${categorised.id}`);
    const reopened = page.getByRole('dialog', { name: categorised.title });
    await reopened.getByText(categoryName).waitFor();
    expect(await reopened.locator(`[data-category-id="${body.extendedProps.categoryId}"] svg`).count()).toBe(1);
    await page.keyboard.press('Escape');
  });

  test('the category’s icon shows before the title in the month and week views, its name read with the title', async () => {
    for (const view of ['month', 'week']) {
      await page.goto(`/?view=${view}&date=${day}`);
      const event = calendarEvent(page, categorised.id);
      await event.waitFor();
      expect(await event.locator('svg[aria-hidden=true]').count(), view).toBe(1);
      expect(await event.textContent(), view).toContain(`${categoryName}:`);
      // The category's colour, not the calendar's: as is in the week's blocks, made to stand out as a month's dot.
      const color = await event.evaluate((element: HTMLElement) => element.style.getPropertyValue('--fc-event-color'));
      expect(color, view).toContain(view === 'week' ? categoryColor : 'light-dark(');
      if (view === 'month') expect(color).not.toBe(await calendarEvent(page, plain.id).evaluate((element: HTMLElement) => element.style.getPropertyValue('--fc-event-color')));
      // The other event has no category: FullCalendar's own content, no icon.
      await calendarEvent(page, plain.id).waitFor();
      expect(await calendarEvent(page, plain.id).locator('svg').count(), view).toBe(0);
    }
  });

  test('filtering by the category leaves only its events, is in the address and survives a reload', async () => {
    await page.goto(`/?view=month&date=${day}`);
    await calendarEvent(page, plain.id).waitFor();
    await filterBox(categoryName).check();
    await calendarEvent(page, plain.id).waitFor({ state: 'detached' });
    await calendarEvent(page, categorised.id).waitFor();
    const categoryId = (await new ApiDriver(app.server.baseUrl).event(await new ApiDriver(app.server.baseUrl).token('ada'), categorised.extendedProps.calendarId, categorised.id)).extendedProps.categoryId;
    expect(new URL(page.url()).searchParams.get('categories')).toBe(categoryId);
    await expectAccessibleInBothSchemes('the category filter');

    await page.reload();
    await calendarEvent(page, categorised.id).waitFor();
    expect(await calendarEvent(page, plain.id).count()).toBe(0);
    expect(await filterBox(categoryName).isChecked()).toBe(true);

    // Events without a category come back with their own box; Show all clears the filter.
    await filterBox('Events without a category').check();
    await calendarEvent(page, plain.id).waitFor();
    await page.getByRole('button', { name: 'Show all categories' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('categories')).toBeNull();
    expect(await filterBox(categoryName).isChecked()).toBe(false);
    await filterBox(categoryName).check();
    await calendarEvent(page, plain.id).waitFor({ state: 'detached' });
  });

  test('an editor manages the categories of the calendars they edit there, and nothing else', async () => {
    const eddie = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(eddie, /Eddie Editor/);
    await eddie.getByRole('button', { name: 'Manage calendars' }).click();
    const dialog = eddie.getByRole('dialog', { name: 'Manage calendars' });
    await dialog.getByRole('button', { name: 'More actions for Company' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'More actions for Holidays' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'New calendar' }).count()).toBe(0);
    // Neither Activity nor Delete calendar… in an editor's menu.
    await dialog.getByRole('button', { name: 'More actions for Company' }).click();
    await eddie.getByRole('menuitem').first().waitFor();
    expect(await eddie.getByRole('menuitem').allTextContents()).toEqual(['Categories…', 'Deleted events…']);
    await eddie.getByRole('menuitem', { name: 'Categories…' }).click();
    const categories = eddie.getByRole('dialog', { name: 'Categories of Company' });
    await categories.getByRole('button', { name: `Edit ${categoryName}` }).waitFor();
    await categories.getByRole('button', { name: 'Back to calendars' }).click();
    // Focus returns to the menu's button that showed the categories.
    await expect.poll(() => eddie.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Company');
    await eddie.context().close();
  });

  test('deleting the category says how many events use it; they stay, without it, and the filter lets go', async () => {
    const dialog = await openCompanyCategories();
    await dialog.getByRole('button', { name: `Delete ${categoryName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete the category ${categoryName}?` });
    await confirm.getByText('1 event uses this category. It keeps everything but the category.').waitFor();
    await expectAccessibleInBothSchemes('the delete confirmation', { include: DIALOGS });
    await confirm.getByRole('button', { name: 'Delete category' }).click();
    // .first(): the toaster also announces it in a live region.
    await page.getByText(`Category ${categoryName} deleted`).first().waitFor();
    await dialog.getByText('This calendar has no categories yet.').waitFor();
    await page.keyboard.press('Escape');

    await calendarEvent(page, plain.id).waitFor();
    expect(await calendarEvent(page, categorised.id).locator('svg').count()).toBe(0);
    const api = new ApiDriver(app.server.baseUrl);
    const stored = await api.event(await api.token('ada'), categorised.extendedProps.calendarId, categorised.id);
    expect(stored.extendedProps.categoryId).toBe('');
    expect(stored.title).toBe(categorised.title);
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: await api.token('ada') });
    expect(calendars.body.find((calendar) => calendar.name === 'Company')?.categories.some((category) => category.name === categoryName)).toBe(false);
  });
});
