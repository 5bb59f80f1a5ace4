import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

// Intl's Japanese range patterns wrote "2026/12/7月曜日" and "12/07～12/09": numbers where Japanese dates say 年月日.
const NUMERIC_DATE = /\d+\/\d+/;

async function japanesePage(width: number) {
  const phone = width < 500;
  const context = await newContext(app.browser, app.server.baseUrl, { viewport: { width, height: 900 }, isMobile: phone, hasTouch: phone, locale: 'ja' });
  const page = await context.newPage();
  await signIn(page, /Eddie Editor/);
  return page;
}

const title = (page: Awaited<ReturnType<typeof japanesePage>>) => page.locator('[role=heading][aria-level="2"]').first();

describe('dates in Japanese', () => {
  test('the details, the Upcoming title and the phone’s period titles write 年月日, never 2026/12/7', async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('eddie');
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
      token,
      body: { title: 'Japanese dates', start: new Date('2026-12-07T09:30').toISOString(), end: new Date('2026-12-07T09:45').toISOString() },
    });
    expect(created.status).toBe(201);

    const wide = await japanesePage(1366);
    await wide.goto(`/?view=week&date=2026-12-07&eventId=${created.body.id}`);
    const details = wide.getByRole('dialog', { name: 'Japanese dates' });
    await details.getByText(/2026年12月7日月曜日 9:30～9:45/).waitFor();
    expect(await details.textContent()).not.toMatch(NUMERIC_DATE);
    await wide.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    // The week's event times as a time alone is written, not Intl's range pattern "9時30分～9時45分".
    await expect.poll(() => calendarEvent(wide, created.body.id).locator('.cc-event-time').textContent()).toBe('9:30～9:45');

    await wide.goto('/?view=upcoming&date=2026-12-07');
    await waitForEvents(wide);
    await expect.poll(() => title(wide).textContent()).toMatch(/^2026年12月7日～20\d\d年\d+月\d+日$/);
    await wide.context().close();

    const phone = await japanesePage(390);
    await phone.goto('/?view=week&date=2026-12-07');
    await waitForEvents(phone);
    await expect.poll(() => title(phone).textContent()).toMatch(/^12月7日～12月9日$/);
    await phone.goto('/?view=upcoming&date=2026-12-07');
    await waitForEvents(phone);
    await expect.poll(() => title(phone).textContent()).toMatch(/^12月7日～12月13日$/);
    await phone.context().close();
  });
});
