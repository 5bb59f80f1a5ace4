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

/** A day cell of the month grid (FullCalendar v7's classes are hashed; roles and data attributes are stable). */
export function dayCell(page: Page, date: string): Locator {
  return page.locator(`[role=cell][data-date="${date}"]`);
}

/** An event on the calendar, by the data attribute the app sets on it. */
export function calendarEvent(scope: Page | Locator, eventId: string): Locator {
  return scope.locator(`[data-event-id="${eventId}"]`);
}

/** Waits until the calendar has shown the events of its current range. */
export async function waitForEvents(scope: Page | FrameLocator): Promise<void> {
  await scope.locator('.cc-event').first().waitFor();
}

/** Drags with the mouse in small steps, as FullCalendar's pointer handling expects. */
export async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('drag: element not visible');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 5, source.y + source.height / 2 + 5, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
  await page.mouse.up();
}
