import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
let context: BrowserContext;
let page: Page;

/** An event of Eddie's today on the Company calendar, made through the API. */
async function todaysEvent(title: string, hour: number): Promise<CalendarEvent> {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('eddie');
  const today = localDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: { title, start: new Date(`${today}T${pad(hour)}:00`).toISOString(), end: new Date(`${today}T${pad(hour)}:30`).toISOString() },
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  context = await newContext(app.browser, app.server.baseUrl, { permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
});

afterAll(() => context?.close());

/** Whether what the page paints at the middle of `element` is the element's own: nothing, a backdrop say, lies over it. */
function onTopAtCentre(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && node.contains(top);
  });
}

describe('toasts and dialogs', () => {
  test('a toast shown before a dialog opens, and one raised in it, both show above its backdrop and are readable', async () => {
    const deleted = await todaysEvent('Toast under a backdrop', 9);
    const other = await todaysEvent('Dialog over a toast', 11);
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);

    // A delete offers Undo in a toast for a while: the toast is on screen when the next dialog opens.
    await calendarEvent(page, deleted.id).click();
    await page.getByRole('dialog', { name: deleted.title }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete' }).click();
    const undoToast = page.locator('.fui-Toast', { hasText: 'Undo' });
    await undoToast.waitFor();

    await calendarEvent(page, other.id).click();
    const details = page.getByRole('dialog', { name: other.title });
    await details.getByRole('button', { name: 'Copy link' }).click();
    const copiedToast = page.locator('.fui-Toast', { hasText: 'Link copied' });
    await copiedToast.waitFor();
    expect(await undoToast.isVisible()).toBe(true);
    expect(await details.isVisible()).toBe(true);

    await expect.poll(() => onTopAtCentre(undoToast)).toBe(true);
    await expect.poll(() => onTopAtCentre(copiedToast)).toBe(true);
    const contrast = (await axeViolations(page, { include: '.fui-Toaster' })).filter((violation) => violation.startsWith('color-contrast'));
    expect(contrast).toEqual([]);
  });
});
