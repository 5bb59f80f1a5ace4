import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { OUTCOME_UNKNOWN_TYPE, PROBLEM_CONTENT_TYPE } from '../../src/shared/problem.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, localDate, signIn } from './harness/calendar-page.ts';
import { typeInto } from './harness/event-form.ts';

const app = useAppAndBrowser();
let page: Page;
let api: ApiDriver;

beforeAll(async () => {
  api = new ApiDriver(app.server.baseUrl);
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
});

describe('a create whose answer is lost', () => {
  test('is sent again with the same Idempotency-Key, and the event is saved and shown once', async () => {
    const title = `Answer lost ${Date.now()}`;
    const today = localDate();
    await signIn(page, /Eddie Editor/);
    const posts: Request[] = [];
    // The first create reaches the server and is saved, but its answer is lost on the way back: the browser gets
    // "outcome unknown", as from a connection cut after the write.
    await page.route('**/api/calendars/*/events', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts.push(route.request());
      const response = await route.fetch();
      if (posts.length > 1) return route.fulfill({ response });
      return route.fulfill({
        status: 503,
        headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'retry-after': '1' },
        body: JSON.stringify({ type: OUTCOME_UNKNOWN_TYPE, title: 'Outcome Unknown', status: 503 }),
      });
    });

    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Calendar').selectOption({ label: 'Company' });
    await typeInto(form.getByRole('combobox', { name: 'Start date' }), today);
    await typeInto(form.getByRole('combobox', { name: 'Start time' }), '14:00');
    await typeInto(form.getByRole('combobox', { name: 'End date' }), today);
    await typeInto(form.getByRole('combobox', { name: 'End time' }), '15:00');
    const settled = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/events') && response.status() === 201);
    await form.getByRole('button', { name: 'Create' }).click();
    const created = (await (await settled).json()) as CalendarEvent;
    await form.waitFor({ state: 'detached' });

    expect(posts).toHaveLength(2);
    const keys = await Promise.all(posts.map((post) => post.headerValue('idempotency-key')));
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    await calendarEvent(dayCell(page, today), created.id).waitFor();
    const token = await api.token('eddie');
    const from = new Date(`${today}T00:00`).toISOString();
    const to = new Date(new Date(`${today}T00:00`).getTime() + 86_400_000).toISOString();
    const feed = await api.request<CalendarEvent[]>('GET', `/api/events?start=${from}&end=${to}&timeZone=UTC`, { token });
    expect(feed.body.filter((event) => event.title === title).map((event) => event.id)).toEqual([created.id]);
  });
});
