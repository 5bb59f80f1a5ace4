import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { shownDate, shownTime, shownValue } from './harness/event-form.ts';

const app = useAppAndBrowser();

/** What has focus, as the test reads it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const described = active?.getAttribute('aria-describedby');
    return {
      role: active?.getAttribute('role') ?? active?.tagName.toLowerCase(),
      date: active?.dataset.date,
      eventId: active?.dataset.eventId,
      text: active?.textContent ?? '',
      label: active?.getAttribute('aria-label'),
      description: described ? document.getElementById(described)?.textContent : undefined,
      eventsInCell: active?.querySelectorAll('[data-event-id]').length,
    };
  });
}

/** Presses Tab (or `key`) until focus is on what `until` accepts; fails after `limit` presses. */
async function tabTo(page: Page, until: (current: Awaited<ReturnType<typeof focused>>) => boolean, limit = 40, key = 'Tab'): Promise<number> {
  const passed: string[] = [];
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(key);
    const current = await focused(page);
    if (until(current)) return presses;
    passed.push(`${current.role} ${current.date ?? current.eventId ?? current.label ?? current.text.slice(0, 30)}`);
  }
  throw new Error(`${key} never reached it, passing ${passed.join(' → ')}`);
}

// Eddie's calendar, signed in once for the file (a context and a sign-in each cost seconds). Each test loads the
// month view afresh in it, naming the view: the app opens the one last shown. Focus starts at the page's top.
let eddie: Page | undefined;
afterAll(() => eddie?.context().close());

async function eddieMonth(): Promise<Page> {
  if (eddie) await eddie.goto('/?view=month');
  else {
    eddie = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(eddie, /Eddie Editor/);
  }
  await waitForEvents(eddie);
  return eddie;
}

describe('the calendar by keyboard only', () => {
  test('a day reached with the arrows, an event created there with Enter, its details opened and closed: focus comes back each time', async () => {
    const page = await eddieMonth();

    // The month grid is one tab stop, today's day: the next Tab leaves today's cell for what is in it or beyond.
    await tabTo(page, (current) => current.role === 'gridcell' && current.date !== undefined);
    expect((await focused(page)).date).toBe(localDate(0));
    const today = await focused(page);
    expect(today.description).toBe(today.eventsInCell === 1 ? '1 event' : today.eventsInCell === 0 ? 'No events' : `${today.eventsInCell} events`);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused(page)).date).toBe(localDate(8));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await focused(page)).date).toBe(localDate(0));
    // On to the next Saturday, a day the seeded events leave free (a full day would show the new one behind "+ more").
    const toSaturday = 6 - new Date().getDay() || 7;
    for (let day = 0; day < toSaturday; day++) await page.keyboard.press('ArrowRight');
    const saturday = localDate(toSaturday);
    await expect.poll(async () => (await focused(page)).date).toBe(saturday);

    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    await page.keyboard.type('Made by keyboard');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    // Focus on the new event (its day holds focus until it shows), on the day it was made on.
    await expect.poll(async () => (await focused(page)).eventId, { timeout: 10_000 }).toBeTruthy();
    const created = await focused(page);
    expect(created.text).toContain('Made by keyboard');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date)).toBe(saturday);

    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Made by keyboard' });
    await details.waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).eventId).toBe(created.eventId);
    // Back to its day: what the day says it holds counts the new event.
    await tabTo(page, (current) => current.role === 'gridcell' && current.date !== undefined, 5, 'Shift+Tab');
    expect(await focused(page)).toMatchObject({ date: saturday, description: '1 event' });
  });

  test('a time slot in the week reached with the arrows, an event created there with Enter: the form has that slot', async () => {
    const page = await eddieMonth();
    await page.keyboard.press('w');
    await page.locator('.cc-day-lane').first().waitFor();
    // The week's one tab stop is a day's lane, named by its slot: where the grid opens (working hours, or now).
    await tabTo(page, (current) => current.role === 'gridcell' && current.date !== undefined);
    const first = await focused(page);
    const slotOf = (label: string | null | undefined) => {
      const [, hour, minute, period] = /(\d{1,2}):(\d{2})\s([AP]M)$/.exec(label ?? '') ?? [];
      expect(hour, `a slot's time in "${label}"`).toBeDefined();
      return ((Number(hour) % 12) + (period === 'PM' ? 12 : 0)) * 60 + Number(minute);
    };
    const firstSlot = slotOf(first.label);
    // A band marks the slot in the lane.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).backgroundImage)).toMatch(/gradient/);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => slotOf((await focused(page)).label)).toBe(firstSlot + 30);
    const day = first.date!;
    const nextDay = localDate(Math.round((Date.parse(day) - Date.parse(localDate(0))) / 86_400_000) + 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused(page)).date).toBe(nextDay);
    expect(slotOf((await focused(page)).label)).toBe(firstSlot + 30);

    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    expect(await shownValue(form.getByRole('combobox', { name: 'Start date' }))).toBe(shownDate(nextDay));
    expect(await shownValue(form.getByRole('combobox', { name: 'Start time' }))).toBe(shownTime(clock(firstSlot + 30)));
    expect(await shownValue(form.getByRole('combobox', { name: 'End time' }))).toBe(shownTime(clock(firstSlot + 60)));
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    // Back on the day, its slot kept.
    await expect.poll(async () => (await focused(page)).date).toBe(nextDay);
    expect(slotOf((await focused(page)).label)).toBe(firstSlot + 30);
  });

  test('with the system’s own colours forced, a week’s focused time slot is framed where its band would be', async () => {
    // Eddie's page with forced colours switched on, then off again for the tests after.
    await eddieMonth();
    const page = eddie!;
    await page.emulateMedia({ forcedColors: 'active' });
    await page.keyboard.press('w');
    await page.locator('.cc-day-lane').first().waitFor();
    await tabTo(page, (current) => current.role === 'gridcell' && current.date !== undefined);
    const frame = await page.evaluate(() => {
      const lane = document.activeElement!;
      const after = getComputedStyle(lane, '::after');
      const slotTop = getComputedStyle(lane).getPropertyValue('--cc-slot-top').trim();
      return { lane: getComputedStyle(lane).position, position: after.position, border: after.borderTopStyle, width: parseFloat(after.borderTopWidth), top: after.top, slotTop };
    });
    // Placed within the lane (not the page) at the slot, with a border forced colours keep.
    expect(frame).toMatchObject({ position: 'absolute', border: 'solid' });
    // Computed styles round to thousandths of a pixel; the custom property keeps the slot's own figure.
    expect(parseFloat(frame.top)).toBeCloseTo(parseFloat(frame.slotTop), 2);
    expect(frame.lane).not.toBe('static');
    expect(frame.width).toBeGreaterThan(0);
    expect(parseFloat(frame.slotTop)).toBeGreaterThan(0);
    await page.emulateMedia({ forcedColors: 'none' });
  });

  test('an event deleted from its details by keyboard: focus goes to the day it was on', async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('eddie');
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    const calendarId = calendars.body.find((calendar) => calendar.canEdit)!.id;
    const day = localDate(1);
    const made = await api.request<{ id: string }>('POST', `/api/calendars/${calendarId}/events`, {
      token,
      body: { title: 'Deleted by keyboard', start: day, end: localDate(2), allDay: true },
    });
    expect(made.status).toBe(201);

    const page = await eddieMonth();
    await tabTo(page, (current) => current.role === 'gridcell' && current.date !== undefined);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused(page)).date).toBe(day);
    await tabTo(page, (current) => current.eventId === made.body.id, 12);
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Deleted by keyboard' });
    await details.waitFor();
    await tabTo(page, (current) => current.text === 'Delete', 15);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
    await confirm.waitFor();
    await tabTo(page, (current) => current.text === 'Delete', 5);
    await page.keyboard.press('Enter');
    await details.waitFor({ state: 'detached' });
    // The event is gone: its day, the grid's tab stop now, has focus.
    await expect.poll(async () => (await focused(page)).date).toBe(day);
    expect((await focused(page)).role).toBe('gridcell');
  });

  test('as admin: Manage calendars from its button, a calendar deleted, Esc closes the dialog, focus back on the button', async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('ada');
    const made = await api.request<Calendar>('POST', '/api/calendars', { token, body: { name: 'Keyboard gone', color: '#0F6CBD' } });
    expect(made.status).toBe(201);

    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Ada Admin/);
    await waitForEvents(page);
    // The header's commands come just after the first events.
    await page.getByRole('button', { name: 'Manage calendars' }).waitFor();
    await tabTo(page, (current) => current.role === 'button' && current.text === 'Manage calendars');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Manage calendars' });
    await dialog.waitFor();
    await tabTo(page, (current) => current.role === 'button' && current.label === 'More actions for Keyboard gone', 30);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem').first().waitFor();
    // The menu's last item.
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused(page)).text).toBe('Delete calendar…');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Keyboard gone?' });
    await confirm.waitFor();
    await tabTo(page, (current) => current.text === 'Delete calendar', 5);
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'More actions for Keyboard gone', exact: true }).waitFor({ state: 'detached' });
    // Focus stays in the dialog, on New calendar, and the dialog still lists the calendars.
    await expect.poll(async () => (await focused(page)).text).toBe('New calendar');
    await dialog.getByRole('button', { name: 'New calendar' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).text).toBe('Manage calendars');
    await page.context().close();
  });
});
