import type { FrameLocator, Locator, Page } from 'playwright-core';

/** A date as YYYY-MM-DD in the local time zone (the browser's, see TEST_TIME_ZONE), days from today. */
export function localDate(daysFromToday = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + daysFromToday);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export async function signIn(page: Page, name: RegExp): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name }).click();
  await page.getByRole('heading', { name: 'Company Calendar', level: 1 }).waitFor();
}

/**
 * A day cell of the month grid (FullCalendar v7's classes are hashed; roles and data attributes are stable): a
 * gridcell once the app has made the month a grid, a cell elsewhere.
 */
export function dayCell(page: Page, date: string): Locator {
  return page.locator(`:is([role=cell], [role=gridcell])[data-date="${date}"]`);
}

/** An event on the calendar, by the data attribute the app sets on it. */
export function calendarEvent(scope: Page | Locator, eventId: string): Locator {
  return scope.locator(`[data-event-id="${eventId}"]`);
}

/** In Manage calendars, chooses one of a calendar's "More actions" (its menu is in a portal, outside the dialog). */
export async function calendarRowAction(dialog: Locator, calendarName: string, item: string): Promise<void> {
  await dialog.getByRole('button', { name: `More actions for ${calendarName}`, exact: true }).click();
  await dialog.page().getByRole('menuitem', { name: item, exact: true }).click();
}

/** Waits until the calendar has shown the events of its current range. */
export async function waitForEvents(scope: Page | FrameLocator): Promise<void> {
  await scope.locator('.cc-event').first().waitFor();
}

/** The side panel's time zone field (a searchable list): its text shows the zone chosen. */
export function timeZoneField(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Time zone' });
}

/** Chooses a time zone by searching for its IANA name, or the device's own for ''. */
export async function chooseTimeZone(page: Page, zone: string): Promise<void> {
  const field = timeZoneField(page);
  await field.click();
  const readable = zone.replaceAll('_', ' ');
  await field.fill(readable);
  const option = zone ? page.getByRole('option', { name: ` ${readable} ` }) : page.getByRole('option', { name: /^This device’s/ });
  await option.click();
}

/** A row of the week or day view's time grid, by the time it starts (HH:MM:SS). */
function timeSlot(page: Page, time: string): Locator {
  return page.locator(`[data-time="${time}"]`).first();
}

interface Point {
  x: number;
  y: number;
}

interface Box extends Point {
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  // FullCalendar hides an event while it places it (a refetch drawing it anew, say): it is measured once shown.
  await locator.waitFor({ state: 'visible' });
  const found = await locator.boundingBox();
  if (!found) throw new Error('drag: element not visible');
  return found;
}

/** Presses at one point and lets go at another in small steps, as FullCalendar's pointer handling expects. */
async function drag(page: Page, from: Point, to: Point): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}

/** Drags with the mouse from the middle of one element to the middle of another. */
export async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  const source = await box(from);
  const target = await box(to);
  await drag(
    page,
    { x: source.x + source.width / 2, y: source.y + source.height / 2 },
    { x: target.x + target.width / 2, y: target.y + target.height / 2 },
  );
}

/** The height of the time grid between two of its rows' times, e.g. of an hour: what a drag moves by to move that long. */
export async function timeGridDistance(page: Page, from: string, to: string): Promise<number> {
  return (await box(timeSlot(page, to))).y - (await box(timeSlot(page, from))).y;
}

/**
 * Drags a timed event by `dy` pixels down the time grid (up when negative), on its own day. It is held a quarter
 * down, not in the middle: an hour-long event's middle lies on a slot boundary, where rounding could pick either slot.
 */
export async function dragDown(page: Page, event: Locator, dy: number): Promise<void> {
  await event.scrollIntoViewIfNeeded();
  const source = await box(event);
  const grip = { x: source.x + source.width / 2, y: source.y + source.height / 4 };
  await drag(page, grip, { x: grip.x, y: grip.y + dy });
}

/** Drags a timed event's bottom edge, its end, by `dy` pixels: pointing at the event first shows its resize handle. */
export async function resizeEndBy(page: Page, event: Locator, dy: number): Promise<void> {
  await event.scrollIntoViewIfNeeded();
  const source = await box(event);
  const x = source.x + source.width / 2;
  await page.mouse.move(x, source.y + source.height / 2);
  await drag(page, { x, y: source.y + source.height - 2 }, { x, y: source.y + source.height - 2 + dy });
}

/** How the event details write when an event happens: the full date and the locale's time of day (format-event-time.ts). */
export const WHEN_FORMAT = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
