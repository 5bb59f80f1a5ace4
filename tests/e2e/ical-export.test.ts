import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Category } from '../../src/shared/category-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
const suffix = Date.now().toString(36);
let page: Page;
let category: Category;
let launch: CalendarEvent;
let other: CalendarEvent;

async function companyEvent(api: ApiDriver, token: string, companyId: string, title: string, extendedProps: Record<string, unknown>) {
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
    token,
    body: { title, start: `${localDate(3)}T09:00:00Z`, end: `${localDate(3)}T10:00:00Z`, extendedProps: { timeZone: 'Europe/London', ...extendedProps } },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function savedText(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

beforeAll(async () => {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('ada');
  const companyId = await api.calendarId(token, 'Company');
  const created = await api.request<Category>('POST', `/api/calendars/${companyId}/categories`, {
    token,
    body: { name: `Launch ${suffix}`, color: '#C239B3', icon: 'Megaphone' },
  });
  expect(created.status).toBe(201);
  category = created.body;
  launch = await companyEvent(api, token, companyId, `Launch review ${suffix}`, { categoryId: category.id });
  other = await companyEvent(api, token, companyId, `Budget ${suffix}`, {});
  // A reader: exports need no right to edit.
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Riley Reader/);
});

afterAll(() => page?.close());

describe('iCalendar export', () => {
  test('Export in a calendar’s menu saves the categories the filter shows as an .ics file', async () => {
    await page.goto(`/?categories=${category.id}`);
    const panel = page.getByRole('region', { name: 'Calendars' });
    await panel.getByRole('button', { name: 'More actions for Company' }).click();
    const item = page.getByRole('menuitem', { name: `Export Launch ${suffix} (.ics)` });
    await item.waitFor();
    for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const) {
      await page.emulateMedia(media);
      expect(await axeViolations(page), JSON.stringify(media)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });

    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    expect(download.suggestedFilename()).toBe(`Company Launch ${suffix}.ics`);
    const text = await savedText(download);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`UID:${launch.id}@`);
    expect(text).not.toContain(`UID:${other.id}@`);
    expect(text).toContain(`X-WR-CALNAME:Company – Launch ${suffix}\r\n`);
    await page.getByText(`Downloaded Company Launch ${suffix}.ics`).first().waitFor();
  });

  test('Download .ics in an event’s details saves the event, its time zone with it', async () => {
    await page.goto(`/?eventId=${other.id}`);
    const details = page.getByRole('dialog', { name: other.title });
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download .ics' }).click()]);
    expect(download.suggestedFilename()).toBe(`Budget ${suffix}.ics`);
    const text = await savedText(download);
    expect(text).toContain(`UID:${other.id}@`);
    expect(text).toContain(`SUMMARY:Budget ${suffix}\r\n`);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n');
    expect(text).not.toContain(`UID:${launch.id}@`);
  });
});
