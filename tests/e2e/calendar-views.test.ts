import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { SIDE_PANEL_MIN_WIDTH } from '../../src/web/app/side-panel-layout.ts';
import { REPEAT_ICON_CLASS } from '../../src/web/features/calendar/components/use-calendar-theme-styles.ts';
import { eventsSideBySide } from '../../src/web/features/calendar/lib/events-side-by-side.ts';
import { EVENT_MIN_WIDTH_PX, EVENT_TIME_MIN_WIDTH_PX } from '../../src/web/features/calendar/lib/time-grid-widths.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import { calendarEvent, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { catalog } from './harness/catalogs.ts';

const app = useAppAndBrowser();

// Three meetings of today's evening, each overlapping the next: no demo event is near them.
const OVERLAPPING = [
  ['19:00', '21:00', 'Tokyo sync'],
  ['19:30', '21:30', 'Design review'],
  ['20:00', '22:00', 'Hiring panel'],
] as const;
// The least a week's event title keeps beside the panel or without it: about ten characters ("Tok…" was 30 px).
const WEEK_TITLE_MIN_PX = 80;

const ids: string[] = [];

async function signedIn(options: BrowserContextOptions, path = '/'): Promise<Page> {
  const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
  await signIn(page, /Eddie Editor/);
  if (path !== '/') await page.goto(path);
  await waitForEvents(page);
  // The header's commands and the panel come just after the events (named in the page's language).
  await page.getByRole('banner').locator('button[aria-expanded]').first().waitFor();
  return page;
}

/** How many of these elements show (FullCalendar keeps the events behind "+N" in the page, hidden). */
const shownCount = (elements: Locator) => elements.evaluateAll((found) => found.filter((element) => element.checkVisibility()).length);

async function createEvents(rows: readonly (readonly [string, string, string])[]): Promise<void> {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('eddie');
  const company = await api.calendarId(token, 'Company');
  for (const [from, to, title] of rows) {
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${company}/events`, {
      token,
      body: { title, start: `${localDate()}T${from}:00`, end: `${localDate()}T${to}:00`, extendedProps: { timeZone: TEST_TIME_ZONE } },
    });
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
}

interface Shown {
  box: { left: number; right: number; top: number; bottom: number };
  title: { clippedAcross: boolean; clippedDown: boolean; text: string };
}

/** An event's box, and how its title shows: whether its text runs past its box either way. */
const shownOf = (event: Locator): Promise<Shown> =>
  event.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    const title = element.querySelector<HTMLElement>('.cc-event-title')!;
    return {
      box: { left, right, top, bottom },
      title: {
        clippedAcross: title.scrollWidth > title.clientWidth + 1,
        clippedDown: title.scrollHeight > title.clientHeight + 1,
        text: title.textContent ?? '',
      },
    };
  });

const overlap = (a: Shown['box'], b: Shown['box']) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

beforeAll(async () => {
  await createEvents(OVERLAPPING);
});

describe('overlapping events in the week', () => {
  test.each([1366, 1024])('at %i px they sit side by side, each title readable whole', async (width) => {
    const page = await signedIn({ viewport: { width, height: 900 } }, '/?view=week');
    const events = ids.map((id) => calendarEvent(page, id).first());
    await events[0]!.scrollIntoViewIfNeeded();
    const shown = await Promise.all(events.map(shownOf));
    for (const [index, { box, title }] of shown.entries()) {
      expect(title.text).toBe(OVERLAPPING[index]![2]);
      expect(box.right - box.left).toBeGreaterThanOrEqual(EVENT_MIN_WIDTH_PX);
      expect(title.clippedAcross, title.text).toBe(false);
      expect(title.clippedDown, title.text).toBe(false);
    }
    const overlapping = shown.flatMap((a, i) => shown.slice(i + 1).filter((b) => overlap(a.box, b.box)).map((b) => `${a.title.text} / ${b.title.text}`));
    expect(overlapping).toEqual([]);
    await page.context().close();
  });

  test('past as many as keep their least width, the rest wait behind “+N”', async () => {
    const page = await signedIn({ viewport: { width: 1024, height: 900 } }, '/?view=week');
    const dayWidth = await page.locator(`.cc-day-lane[data-date="${localDate()}"]`).evaluate((lane) => lane.getBoundingClientRect().width);
    // More overlap than fit: the day keeps the strip for "+N".
    const fit = eventsSideBySide(dayWidth, Infinity);
    const more = fit + 2 - OVERLAPPING.length;
    await createEvents(Array.from({ length: more }, (_, index) => ['20:15', '21:15', `Extra meeting ${index + 1}`] as const));
    await page.reload();
    await waitForEvents(page);
    // The evening's meetings, not the day's stand-up.
    const shown = page.locator(`.cc-day-lane[data-date="${localDate()}"] .cc-event`, { hasText: /Tokyo sync|Design review|Hiring panel|Extra meeting/ });
    await expect.poll(() => shownCount(shown)).toBe(fit);
    const moreLink = page.locator(`.cc-day-lane[data-date="${localDate()}"]`).getByText(/^\+2/);
    await moreLink.waitFor();
    // The link covers none of the events shown: each keeps its whole box, and its clicks.
    const link = (await moreLink.boundingBox())!;
    const boxes = await shown.evaluateAll((events) =>
      events.filter((event) => event.checkVisibility({ visibilityProperty: true })).map((event) => event.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(boxes).toHaveLength(fit);
    const covered = boxes.filter((box) => box.right > link.x && box.left < link.x + link.width && box.bottom > link.y && box.top < link.y + link.height);
    expect(covered).toEqual([]);
    // A narrow event shows its title alone; a wider one its time too, never broken inside a number.
    const times = await shown.evaluateAll((events) =>
      events
        .filter((event) => event.checkVisibility({ visibilityProperty: true }))
        .map((event) => ({ width: event.getBoundingClientRect().width, time: event.querySelector('.cc-event-time')?.checkVisibility() ?? false })),
    );
    for (const { width, time } of times) expect(time, `${width} px`).toBe(width >= EVENT_TIME_MIN_WIDTH_PX);
    await page.context().close();
  });
});

describe(`below ${SIDE_PANEL_MIN_WIDTH} px (a tablet at 768 px)`, () => {
  let page: Page;
  let toggle: Locator;

  beforeAll(async () => {
    page = await signedIn({ viewport: { width: 768, height: 1024 } });
    toggle = page.getByRole('button', { name: 'Calendars', exact: true });
  });

  test('the calendars are in a drawer, closed at first, and the month keeps the whole width', async () => {
    expect(await page.getByRole('region', { name: 'Calendars' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Company' }).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-haspopup')).toBe('dialog');
    expect((await page.locator('.cc-calendar').boundingBox())!.width).toBeGreaterThan(768 - 40);
  });

  test('☰ opens the drawer over the calendar, and Escape closes it', async () => {
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Calendars and time zone' });
    await drawer.getByRole('checkbox', { name: 'Company' }).waitFor();
    await drawer.getByLabel('Time zone').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  test(`the week's titles keep ${WEEK_TITLE_MIN_PX} px or more`, async () => {
    await page.getByRole('tab', { name: 'Week' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Week' }).getAttribute('aria-selected')).toBe('true');
    const titles = page.locator('.cc-calendar .cc-day-lane .cc-event-title');
    await titles.first().waitFor({ state: 'attached' });
    const widths = await titles.evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).map((element) => element.getBoundingClientRect().width));
    // The overlapping evening meetings share their day; every other event has its day's width.
    const alone = widths.filter((widthShown) => widthShown >= EVENT_MIN_WIDTH_PX * 2);
    expect(alone.length).toBeGreaterThan(0);
    for (const widthShown of alone) expect(widthShown).toBeGreaterThanOrEqual(WEEK_TITLE_MIN_PX);
  });
});

describe('the repeat icon', () => {
  const views = [
    ['month', 'Month'],
    ['week', 'Week'],
    ['day', 'Day'],
    ['upcoming', 'Upcoming'],
  ] as const;

  test.each(views)('in the %s view every occurrence of a series shows it, named, and no single event does', async (view) => {
    const page = await signedIn({ viewport: { width: 1366, height: 900 } }, `/?view=${view}`);
    // The stand-up repeats every weekday; the evening meetings were made alone.
    const standUps = page.locator('.cc-calendar .cc-event', { hasText: 'Engineering stand-up' });
    const singles = page.locator('.cc-calendar .cc-event', { hasText: 'Tokyo sync' });
    const weekend = [0, 6].includes(new Date().getDay());
    if (!(view === 'day' && weekend)) {
      await standUps.first().waitFor();
      const count = await standUps.count();
      expect(await standUps.getByRole('img', { name: 'Repeats' }).count()).toBe(count);
    }
    await singles.first().waitFor();
    expect(await singles.locator(`.${REPEAT_ICON_CLASS}`).count()).toBe(0);
    await page.context().close();
  });

  test('its name is in the user’s language', async () => {
    const page = await signedIn({ viewport: { width: 1366, height: 900 } }, '/?view=upcoming&locale=fr');
    const name = catalog('fr')['calendar.eventRepeats']!;
    await page.locator('.cc-calendar .cc-event', { hasText: 'Engineering stand-up' }).first().getByRole('img', { name }).waitFor();
    await page.context().close();
  });
});
