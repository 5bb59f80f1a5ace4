// Issue 28, forms: every way out of a changed event form asks "Discard changes?" first; an unchanged one just closes.
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { ApiDriver } from './harness/api.ts';
import { axeViolations, DIALOGS } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';

const app = useAppAndBrowser();

async function signedIn(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
  return page;
}

async function newEventForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New event' }).first().click();
  const form = page.getByRole('dialog', { name: 'New event' });
  await form.getByLabel('Title').waitFor();
  return form;
}

const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Discard changes?' });

/** The ways out of the form, each as a person takes it. */
const WAYS_OUT: Record<string, (page: Page, form: Locator) => Promise<void>> = {
  Cancel: (_, form) => form.getByRole('button', { name: 'Cancel' }).click(),
  Esc: async (page, form) => {
    await form.getByLabel('Title').focus();
    await page.keyboard.press('Escape');
  },
  '✕': (_, form) => form.getByRole('button', { name: 'Close' }).click(),
  // The dimmed calendar beside the dialog, at the page's top left corner.
  'a click beside it': (page) => page.mouse.click(4, 4),
};

describe('leaving the event form', () => {
  let page: Page;

  beforeAll(async () => {
    page = await signedIn();
  });

  test.each(Object.keys(WAYS_OUT))('%s closes an unchanged form at once', async (way) => {
    const form = await newEventForm(page);
    await WAYS_OUT[way]!(page, form);
    await form.waitFor({ state: 'detached' });
    expect(await discardQuestion(page).count()).toBe(0);
  });

  test.each(Object.keys(WAYS_OUT))('%s on a changed form asks first: “Keep editing” goes back to it as it was, “Discard” closes it', async (way) => {
    const form = await newEventForm(page);
    await form.getByLabel('Title').fill('Half-written plan');
    await WAYS_OUT[way]!(page, form);
    const question = discardQuestion(page);
    await question.waitFor();
    // The answer that loses nothing has focus.
    await expect.poll(() => question.getByRole('button', { name: 'Keep editing' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Title').inputValue()).toBe('Half-written plan');

    await WAYS_OUT[way]!(page, form);
    await question.getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await page.locator('.cc-event', { hasText: 'Half-written plan' }).count()).toBe(0);
  });

  test('a click beside the question does not answer it, and Esc in it goes back to the form', async () => {
    const form = await newEventForm(page);
    await form.getByLabel('Location').fill('Room 4');
    await form.getByRole('button', { name: 'Cancel' }).click();
    const question = discardQuestion(page);
    await question.waitFor();
    await page.mouse.click(4, 4);
    expect(await question.isVisible()).toBe(true);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Cancel' }).click();
    // The question opens with its focus on “Keep editing”, where Esc answers it so.
    await expect.poll(() => question.getByRole('button', { name: 'Keep editing' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Location').inputValue()).toBe('Room 4');
    // A change undone is no change.
    await form.getByLabel('Location').fill('');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await discardQuestion(page).count()).toBe(0);
  });

  test('an existing event, formatted description and all, closes unchanged without a question; a changed time asks', async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('eddie');
    const calendarId = await api.calendarId(token, 'Engineering');
    const tomorrow = localDate(1);
    const created = await api.request<{ id: string }>('POST', `/api/calendars/${calendarId}/events`, {
      token,
      body: {
        title: 'Architecture review',
        start: `${tomorrow}T13:00:00`,
        end: `${tomorrow}T14:00:00`,
        allDay: false,
        url: 'https://example.com/agenda',
        extendedProps: { timeZone: 'Europe/Paris', location: 'Room 2', description: '<p>Read <strong>the draft</strong> first</p><ul><li>one</li></ul>' },
      },
    });
    expect(created.status).toBe(201);
    await page.reload();
    await waitForEvents(page);
    const openForm = async () => {
      await calendarEvent(dayCell(page, tomorrow), created.body.id).click();
      await page.getByRole('dialog', { name: 'Architecture review' }).getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('dialog', { name: 'Edit event' });
      await form.getByRole('textbox', { name: 'Description' }).getByText('the draft').waitFor();
      return form;
    };
    let form = await openForm();
    // Every field visited, none changed.
    for (let field = 0; field < 12; field++) await page.keyboard.press('Tab');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await discardQuestion(page).count()).toBe(0);

    form = await openForm();
    const startTime = form.getByRole('combobox', { name: 'Start time' });
    await startTime.fill('15:00');
    await startTime.blur();
    await form.getByLabel('Title').focus();
    await page.keyboard.press('Escape');
    await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await api.event(token, calendarId, created.body.id)).start).toBe(new Date(`${tomorrow}T12:00:00Z`).toISOString());
  });
});

describe.each([
  ['light', { colorScheme: 'light' }],
  ['dark', { colorScheme: 'dark' }],
  ['high contrast', { forcedColors: 'active' }],
] as const)('the question, in %s', (_, options) => {
  test('has no WCAG 2.1 A/AA violations', async () => {
    const page = await signedIn(options);
    const form = await newEventForm(page);
    await form.getByLabel('Title').fill('Unsaved');
    await page.keyboard.press('Escape');
    await discardQuestion(page).getByRole('button', { name: 'Discard' }).waitFor();
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
    await page.context().close();
  });
});
