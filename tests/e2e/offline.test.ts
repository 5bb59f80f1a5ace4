import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DEV_USER_KEY } from '../../src/web/auth/resume-session.ts';
import { OFFLINE_USER_KEY } from '../../src/web/lib/offline-copy.ts';
import { axeViolations } from './harness/axe.ts';
import { TEST_TIME_ZONE, launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, dragTo, signIn, waitForEvents } from './harness/calendar-page.ts';
import { freePort, startServer, type AppServer } from './harness/server.ts';

// "Offline" is first the server gone: every request fails as on a dead network, the service worker's included, while
// navigator.onLine stays true (as behind a captive portal); then the browser itself offline (context.setOffline,
// which Chromium applies to the service worker too).
let port: number;
let server: AppServer | null = null;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let onlineEvents: CalendarEvent[];
// Every /api request the page makes, and every /api answer it gets, with where the answer came from.
const apiRequests: { method: string; path: string }[] = [];
const apiAnswers: Response[] = [];

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

async function serverUp(): Promise<void> {
  server = await startServer({ PORT: String(port) });
}

async function serverDown(): Promise<void> {
  await server?.stop();
  server = null;
}

interface StoredCopy {
  key: string;
  meId: string;
  calendars: number | null;
  windows: { events: number; fetchedAt: number }[];
}

/** What the page's offline store holds, read through IndexedDB as the app stores it. */
function offlineCopies(): Promise<StoredCopy[]> {
  return page.evaluate(
    () =>
      new Promise<StoredCopy[]>((done, fail) => {
        const opening = indexedDB.open('company-calendar-offline');
        opening.onerror = () => fail(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('copies')) return done([]);
          const store = database.transaction('copies').objectStore('copies');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            type Copy = { me: { data: { id: string } }; calendars: { data: unknown[] } | null; windows: { events: unknown[]; fetchedAt: number }[] };
            const copies = (values.result as Copy[]).map((copy, index) => ({
              key: String(keys.result[index]),
              meId: copy.me.data.id,
              calendars: copy.calendars?.data.length ?? null,
              windows: copy.windows.map((window) => ({ events: window.events.length, fetchedAt: window.fetchedAt })),
            }));
            database.close();
            done(copies);
          };
        };
      }),
  );
}

/** The URLs in the service worker's caches, as paths. */
function cachedPaths(): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

beforeAll(async () => {
  port = await freePort();
  await serverUp();
  browser = await launchBrowser();
  context = await newContext(browser, `http://127.0.0.1:${port}`);
  page = await context.newPage();
  page.on('request', (request) => {
    if (isApi(request.url())) apiRequests.push({ method: request.method(), path: new URL(request.url()).pathname });
  });
  page.on('response', (response) => {
    if (isApi(response.url())) apiAnswers.push(response);
  });
});

afterAll(async () => {
  await browser?.close();
  await serverDown();
});

describe('reading the calendar offline', () => {
  test('one online visit keeps the shell in the service worker and the user’s events in their offline copy', async () => {
    const eventsResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await signIn(page, /Eddie Editor/);
    onlineEvents = (await (await eventsResponse).json()) as CalendarEvent[];
    expect(onlineEvents.length).toBeGreaterThan(10);
    await waitForEvents(page);
    await page.getByRole('button', { name: 'New event' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL))).toMatch(/\/service-worker\.js$/);

    await expect.poll(async () => (await offlineCopies()).map((copy) => ({ meId: copy.meId, windows: copy.windows.length }))).toEqual([{ meId: 'eddie', windows: 1 }]);
    const [copy] = await offlineCopies();
    expect(copy!.key).toMatch(/\/eddie$/);
    expect(copy!.calendars).toBeGreaterThan(0);
    expect(copy!.windows[0]!.events).toBe(onlineEvents.length);
    // The pointer to whose copy it is names them, and holds no token.
    const pointer = await page.evaluate((key) => localStorage.getItem(key), OFFLINE_USER_KEY);
    expect(JSON.parse(pointer!)).toMatchObject({ userId: 'eddie', name: 'Eddie Editor' });
    expect(pointer).not.toMatch(/eyJ|token/i);
    // The service worker holds the shell and nothing of the API.
    const cached = await cachedPaths();
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/') || path.endsWith('.map') || /\.(br|gz)$/.test(path))).toEqual([]);
  });

  test('when the server goes during a visit, the next request that fails turns on the bar and read-only, and the events stay', async () => {
    await serverDown();
    const [event] = onlineEvents.filter((candidate) => !candidate.extendedProps.seriesId);
    await calendarEvent(page, event!.id).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(event!.title);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('offline-bar').textContent()).toContain('Offline: showing events as of');
    await expect.poll(() => page.getByRole('button', { name: 'New event' }).count()).toBe(0);
    for (const shown of onlineEvents) await calendarEvent(page, shown.id).first().waitFor();
  });

  test('with the server gone, a reload comes up from the service worker and shows the cached events read-only under the offline bar', async () => {
    const [copy] = await offlineCopies();
    const asOf = new Intl.DateTimeFormat('en-US', { timeZone: TEST_TIME_ZONE, timeStyle: 'short' }).format(copy!.windows[0]!.fetchedAt);
    await serverDown();
    apiAnswers.length = 0;

    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    const bar = page.getByTestId('offline-bar');
    await expect.poll(() => bar.textContent()).toContain(`Offline: showing events as of ${asOf}`);
    await expect.poll(() => page.getByTestId('signed-in-user').textContent()).toContain('Eddie Editor');
    for (const event of onlineEvents) await calendarEvent(page, event.id).first().waitFor();
    expect(await bar.textContent()).toContain('creating, editing, moving and deleting events come back when the connection does');

    // Read-only: no New event, and a drag moves nothing and asks the server nothing.
    expect(await page.getByRole('button', { name: 'New event' }).count()).toBe(0);
    const movable = onlineEvents.find((event) => !event.extendedProps.seriesId && !event.allDay)!;
    const from = calendarEvent(page, movable.id).first();
    const day = await from.evaluate((element) => element.closest<HTMLElement>(':is([role=cell], [role=gridcell])[data-date]')!.dataset.date!);
    const otherDay = (await page.locator(':is([role=cell], [role=gridcell])[data-date]').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset.date!))).find(
      (date) => date !== day,
    )!;
    const writes = () => apiRequests.filter((request) => request.method !== 'GET').length;
    const writesBefore = writes();
    await dragTo(page, from, dayCell(page, otherDay));
    expect(await dayCell(page, day).locator(`[data-event-id="${movable.id}"]`).count()).toBeGreaterThan(0);
    expect(await dayCell(page, otherDay).locator(`[data-event-id="${movable.id}"]`).count()).toBe(0);
    expect(writes()).toBe(writesBefore);

    // Nothing the API would answer came from the service worker: each /api request went to the (dead) network.
    expect(apiAnswers.filter((response) => response.fromServiceWorker())).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // An event's details open from the offline copy, with nothing to edit or delete.
    await calendarEvent(page, movable.id).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(movable.title);
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await dialog.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('when the server answers again, the bar goes and editing comes back', async () => {
    await serverUp();
    await expect.poll(() => page.getByRole('button', { name: 'New event' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('offline-bar').count()).toBe(0);
    await waitForEvents(page);
  });

  test('another user on the same browser sees none of the first user’s offline copy', async () => {
    // Riley becomes this browser's demo user (as another tab would make them) while the server is gone.
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify('riley')), DEV_USER_KEY);
    await serverDown();
    apiAnswers.length = 0;
    await page.reload();
    await page.getByText('Sign-in failed').waitFor();
    await page.getByText('The server could not be reached').waitFor();
    expect(await page.locator('.cc-event').count()).toBe(0);
    expect(await page.getByTestId('offline-bar').count()).toBe(0);
    // Eddie's copy is still there, under his key; it was never Riley's to read.
    expect((await offlineCopies()).map((copy) => copy.meId)).toEqual(['eddie']);
    expect(apiAnswers.filter((response) => response.fromServiceWorker())).toEqual([]);
  });

  test('signing out deletes the offline copy and its pointer, so a reload offline shows nothing of the user', async () => {
    await serverUp();
    await page.getByRole('button', { name: 'Choose another user' }).click();
    await page.getByRole('button', { name: /Eddie Editor/ }).click();
    await waitForEvents(page);
    await expect.poll(async () => (await offlineCopies()).map((copy) => copy.windows.length)).toEqual([1]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: /Riley Reader/ }).waitFor();
    await expect.poll(() => offlineCopies()).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), OFFLINE_USER_KEY)).toBeNull();

    await serverDown();
    await page.reload();
    // The shell comes up offline and offers the sign-in: no one's events, and no offline bar.
    await page.getByRole('button', { name: /Riley Reader/ }).waitFor();
    expect(await page.locator('.cc-event').count()).toBe(0);
    expect(await page.getByTestId('offline-bar').count()).toBe(0);
  });

  test('with the browser itself offline, a reload shows the copy too, and going online brings the server’s events back', async () => {
    await serverUp();
    await page.getByRole('button', { name: /Eddie Editor/ }).click();
    await waitForEvents(page);
    await expect.poll(async () => (await offlineCopies()).map((copy) => copy.windows.length)).toEqual([1]);

    await context.setOffline(true);
    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    await expect.poll(() => page.getByTestId('offline-bar').textContent()).toContain('Offline: showing events as of');
    await waitForEvents(page);
    await page.getByRole('button', { name: 'More options' }).waitFor();
    expect(await page.getByRole('button', { name: 'New event' }).count()).toBe(0);

    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'New event' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('offline-bar').count()).toBe(0);
  });
});
