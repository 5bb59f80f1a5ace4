import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PHONE_TIME_GRID_DAYS } from '../../src/web/features/calendar/hooks/use-layout-views.ts';
import { AGENDA_DAYS, PHONE_LAYOUT_MAX_WIDTH } from '../../src/web/lib/phone-layout.ts';
import { HEADER_FULL_MIN_WIDTH } from '../../src/web/app/app-header-layout.ts';
import { SIDE_PANEL_MIN_WIDTH } from '../../src/web/app/side-panel-layout.ts';
import { TOUCH_TARGET_MIN_PX } from '../../src/web/features/calendar/components/use-calendar-theme-styles.ts';
import { axeViolations, DIALOGS } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { dayCell, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { shownDate, shownTime, shownValue } from './harness/event-form.ts';

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DRAWER = 'Calendars and time zone';

const app = useAppAndBrowser();

async function signedIn(options: BrowserContextOptions = {}, user = /Eddie Editor/): Promise<Page> {
  const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
  await signIn(page, user);
  await waitForEvents(page);
  // The header's commands come just after the events, with their code.
  await page.getByRole('button', { name: 'More options' }).waitFor();
  return page;
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const viewTab = (page: Page, name: string) => page.getByRole('tab', { name });

describe('on a phone (390×844, touch)', () => {
  let page: Page;
  let toggle: Locator;

  beforeAll(async () => {
    page = await signedIn(PHONE);
    toggle = page.getByRole('button', { name: 'Calendars', exact: true });
  });

  test('the drawer is closed at start, the header is one row, and the calendar’s first row shows without scrolling', async () => {
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Company' }).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    const header = await box(page.getByRole('banner'));
    expect(header.height).toBeLessThan(2 * (await box(toggle)).height);
    const calendar = await box(page.locator('.cc-calendar'));
    expect(calendar.y - (header.y + header.height)).toBeLessThan(8);
    const firstEvent = await box(page.locator('.cc-list-event').first());
    expect(firstEvent.y).toBeGreaterThan(header.y + header.height);
    expect(firstEvent.y + firstEvent.height).toBeLessThanOrEqual(844);
    // The page itself does not scroll: the calendar scrolls inside it.
    expect(await page.evaluate(() => [window.scrollY, document.documentElement.scrollHeight <= window.innerHeight])).toEqual([0, true]);
  });

  test('the agenda is the default: the coming days from today, each event a touch target of 44 px or more', async () => {
    expect(await viewTab(page, 'Agenda').getAttribute('aria-selected')).toBe('true');
    expect(await viewTab(page, 'Week').count()).toBe(0);
    const days = await page.locator('.cc-calendar [data-date]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-date')));
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) expect(day! >= localDate() && day! < localDate(AGENDA_DAYS), day!).toBe(true);
    const heights = await page.locator('.cc-list-day .cc-list-event').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(TOUCH_TARGET_MIN_PX);
  });

  test('the drawer opens and closes from the keyboard, focus moving into it and back to ☰', async () => {
    await toggle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: DRAWER });
    await drawer.getByRole('checkbox', { name: 'Company' }).waitFor();
    await drawer.getByLabel('Time zone').waitFor();
    await expect.poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(toggle)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  test('by touch: ☰ opens it, a calendar hidden there leaves the agenda, and Close or a tap beside it closes it', async () => {
    const drawer = page.getByRole('dialog', { name: DRAWER });
    const standUps = page.locator('.cc-event', { hasText: 'Engineering stand-up' });
    expect(await standUps.count()).toBeGreaterThan(0);

    await toggle.tap();
    await drawer.getByRole('checkbox', { name: 'Engineering' }).tap();
    await expect.poll(() => standUps.count()).toBe(0);
    await drawer.getByRole('button', { name: 'Close' }).tap();
    await drawer.waitFor({ state: 'detached' });

    await toggle.tap();
    await drawer.getByRole('checkbox', { name: 'Engineering' }).tap();
    await expect.poll(() => standUps.count()).toBeGreaterThan(0);
    // Beside the drawer, on the dimmed calendar.
    await page.touchscreen.tap(380, 420);
    await drawer.waitFor({ state: 'detached' });
  });

  test('the 3-day view stands in for the week, and a tap on an empty slot opens the new-event form at that time', async () => {
    await viewTab(page, '3 days').tap();
    await expect.poll(() => viewTab(page, '3 days').getAttribute('aria-selected')).toBe('true');
    const columns = page.locator('.cc-calendar [role=columnheader][data-date]');
    expect(await columns.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-date')))).toEqual(
      Array.from({ length: PHONE_TIME_GRID_DAYS }, (_, day) => localDate(day)),
    );

    // Tomorrow at 07:00: the time axis gives the row, tomorrow's column the place in it.
    const sevenOClock = page.locator('.cc-calendar [data-time="07:00:00"]').first();
    await sevenOClock.scrollIntoViewIfNeeded();
    const row = await box(sevenOClock);
    const column = await box(page.locator(`.cc-calendar .cc-day-lane[data-date="${localDate(1)}"]`));
    await page.touchscreen.tap(column.x + column.width / 2, row.y + row.height / 2);

    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    expect(await shownValue(form.getByRole('combobox', { name: 'Start date' }))).toBe(shownDate(localDate(1)));
    expect(await shownValue(form.getByRole('combobox', { name: 'Start time' }))).toBe(shownTime('07:00'));
    expect(await shownValue(form.getByRole('combobox', { name: 'End time' }))).toBe(shownTime('07:30'));
    await form.getByRole('button', { name: 'Cancel' }).tap();
    await form.waitFor({ state: 'detached' });
  });

  test('a tap on a day of the month opens the form for that whole day', async () => {
    await viewTab(page, 'Month').tap();
    await expect.poll(() => viewTab(page, 'Month').getAttribute('aria-selected')).toBe('true');
    const day = await box(dayCell(page, localDate(1)));
    // Low in the cell, below its events.
    await page.touchscreen.tap(day.x + day.width / 2, day.y + day.height - 4);
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    expect(await form.getByRole('switch', { name: 'All day' }).isChecked()).toBe(true);
    expect(await shownValue(form.getByRole('combobox', { name: 'Start date' }))).toBe(shownDate(localDate(1)));
    expect(await shownValue(form.getByRole('combobox', { name: 'End date' }))).toBe(shownDate(localDate(1)));
    await form.getByRole('button', { name: 'Cancel' }).tap();
    await form.waitFor({ state: 'detached' });
    await viewTab(page, 'Agenda').tap();
  });

  test('More options holds what the header has no room for: who is signed in, Print and Sign out', async () => {
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'More options' }).tap();
    const menu = page.getByRole('menu');
    await menu.getByText('Signed in as Eddie Editor (Editor)').waitFor();
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Print' }).tap();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
    await menu.waitFor({ state: 'detached' });
  });

  /** The page read whole with the drawer closed, then the drawer alone once open: the page beneath was just read. */
  async function expectAccessibleDrawerClosedAndOpen() {
    expect(await axeViolations(page)).toEqual([]);
    await toggle.tap();
    await page.getByRole('dialog', { name: DRAWER }).getByRole('checkbox', { name: 'Company' }).waitFor();
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  test('axe finds nothing with the drawer closed and open', async () => {
    await expectAccessibleDrawerClosedAndOpen();
  });

  // The same phone page with forced colours switched on, rather than a context and a sign-in of its own.
  describe('with the system’s own colours forced', () => {
    test('axe finds nothing with the drawer closed and open', async () => {
      await page.emulateMedia({ forcedColors: 'active' });
      await expectAccessibleDrawerClosedAndOpen();
      await page.emulateMedia({ forcedColors: 'none' });
    });
  });
});

describe('the phone layout’s breakpoint', () => {
  test(`at ${PHONE_LAYOUT_MAX_WIDTH} px wide the week becomes 3 days, one pixel wider it comes back; the calendars are in the drawer below ${SIDE_PANEL_MIN_WIDTH} px`, async () => {
    const page = await signedIn();
    const companyCheckbox = page.getByRole('checkbox', { name: 'Company' });
    await viewTab(page, 'Week').click();
    await expect.poll(() => viewTab(page, 'Week').getAttribute('aria-selected')).toBe('true');

    await page.setViewportSize({ width: PHONE_LAYOUT_MAX_WIDTH, height: 900 });
    await expect.poll(() => viewTab(page, '3 days').getAttribute('aria-selected')).toBe('true');
    expect(await companyCheckbox.count()).toBe(0);

    await page.setViewportSize({ width: PHONE_LAYOUT_MAX_WIDTH + 1, height: 900 });
    await expect.poll(() => viewTab(page, 'Week').getAttribute('aria-selected')).toBe('true');
    expect(await companyCheckbox.count()).toBe(0);

    await page.setViewportSize({ width: SIDE_PANEL_MIN_WIDTH - 1, height: 900 });
    await expect.poll(() => companyCheckbox.count()).toBe(0);
    await page.setViewportSize({ width: SIDE_PANEL_MIN_WIDTH, height: 900 });
    await expect.poll(() => companyCheckbox.isVisible()).toBe(true);
  });
});

describe('the header, at any width from a small phone up', () => {
  /** Whether the header's items sit in one row (its height is its tallest item's plus padding and border), and who overflows sideways. */
  const headerLayout = (page: Page) =>
    page.getByRole('banner').evaluate((header) => {
      const style = getComputedStyle(header);
      const items = [...header.children].map((item) => item.getBoundingClientRect());
      const frame = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
      const oneRowHeight = Math.max(...items.map((item) => item.height)) + frame.reduce((sum, side) => sum + parseFloat(style[side]), 0);
      return {
        height: header.getBoundingClientRect().height,
        oneRowHeight,
        itemsBelowFirstRow: items.filter((item) => item.top >= items[0]!.bottom).length,
        headerOverflow: header.scrollWidth - header.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });

  // An administrator's header has the most commands, so the most to fit.
  test.each([
    [320, 640],
    [700, 900],
    [HEADER_FULL_MIN_WIDTH - 1, 768],
    [HEADER_FULL_MIN_WIDTH, 768],
  ])('at %i×%i it is one row and nothing overflows sideways', async (width, height) => {
    const page = await signedIn({ viewport: { width, height } }, /Ada Admin/);
    const layout = await headerLayout(page);
    expect(layout.itemsBelowFirstRow).toBe(0);
    expect(Math.abs(layout.height - layout.oneRowHeight)).toBeLessThanOrEqual(1);
    expect(layout.headerOverflow).toBe(0);
    expect(layout.pageOverflow).toBe(0);

    // What the row has no room for is in More options; from the full header's width on it is all in the row.
    const full = width >= HEADER_FULL_MIN_WIDTH;
    expect(await page.getByRole('banner').getByRole('button', { name: 'Manage calendars' }).count()).toBe(full ? 1 : 0);
    await page.getByRole('button', { name: 'More options' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Print' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Manage calendars' }).count()).toBe(full ? 0 : 1);
    expect(await menu.getByText('Signed in as Ada Admin (Admin)').count()).toBe(full ? 0 : 1);
    await page.context().close();
  });
});

/** Each labelled control's box in a form, by its label. */
const controlBoxes = (form: Locator) =>
  form.locator('.fui-Field').evaluateAll((fields) =>
    fields
      .map((field) => ({ label: field.querySelector('label')?.textContent ?? '', control: field.querySelector('.fui-Input, .fui-Combobox') }))
      .filter((field): field is { label: string; control: Element } => field.control !== null)
      .map(({ label, control }) => {
        const { left, right, top, bottom } = control.getBoundingClientRect();
        return { label, left, right, top, bottom };
      }),
  );
type Edges = { left: number; right: number; top: number; bottom: number };
const overlap = (a: Edges, b: Edges) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
const overlapping = <T extends Edges & { label: string }>(boxes: T[]) =>
  boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${a.label} / ${b.label}`));
const NEW_EVENT = /^(New event|Neuer Termin|Nouvel événement|حدث جديد)$/;

/** The new-event form, open in a locale, its fields and the description's toolbar shown. */
async function openNewEventForm(page: Page, locale: string): Promise<Locator> {
  await page.goto(`/?locale=${locale}`);
  await waitForEvents(page);
  await page.getByRole('button', { name: NEW_EVENT }).first().click();
  const form = page.getByRole('dialog');
  await form.locator('.fui-Combobox').first().waitFor();
  await form.getByRole('toolbar').waitFor();
  return form;
}

describe('the event form’s dates and times, on a phone', () => {
  // Fluent's time picker asks 250 px: beside the date it overlapped it and ran 61 px off a 390 px screen.
  test.each(['en', 'fr', 'ar'])('in %s at 390 px every control is inside the dialog, none overlaps another, and the page does not scroll sideways', async (locale) => {
    const page = await signedIn(PHONE);
    const form = await openNewEventForm(page, locale);
    const dialog = await box(form);
    const controls = await controlBoxes(form);
    expect(controls.length).toBeGreaterThanOrEqual(5);
    for (const control of controls) {
      expect(control.left, control.label).toBeGreaterThanOrEqual(dialog.x - 1);
      expect(control.right, control.label).toBeLessThanOrEqual(dialog.x + dialog.width + 1);
    }
    expect(overlapping(controls)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.context().close();
  });
});

describe('the event form on a 320 px phone, in the longest languages and right to left', () => {
  // At 320 px the description's toolbar ran one button past the dialog's edge: it wraps instead.
  test.each(['en', 'de', 'fr', 'ar'])('in %s every control and every toolbar button is inside the dialog, none overlapping, and nothing scrolls sideways', async (locale) => {
    const page = await signedIn({ ...PHONE, viewport: { width: 320, height: 640 } });
    const form = await openNewEventForm(page, locale);
    const dialog = await box(form);
    const inside = (edges: Edges & { label: string }) => {
      expect(edges.left, edges.label).toBeGreaterThanOrEqual(dialog.x - 1);
      expect(edges.right, edges.label).toBeLessThanOrEqual(dialog.x + dialog.width + 1);
    };
    const controls = await controlBoxes(form);
    expect(controls.length).toBeGreaterThanOrEqual(6);
    controls.forEach(inside);
    expect(overlapping(controls)).toEqual([]);
    const buttons = await form.getByRole('toolbar').getByRole('button').evaluateAll((elements) =>
      elements.map((element) => {
        const { left, right, top, bottom } = element.getBoundingClientRect();
        return { label: element.getAttribute('aria-label') ?? element.textContent ?? '', left, right, top, bottom };
      }),
    );
    expect(buttons.length).toBeGreaterThanOrEqual(9);
    buttons.forEach(inside);
    expect(overlapping(buttons)).toEqual([]);
    const sideways = await form.evaluate((surface) => [surface.scrollWidth - surface.clientWidth, document.documentElement.scrollWidth - document.documentElement.clientWidth]);
    expect(sideways).toEqual([0, 0]);
    await page.context().close();
  });
});

describe('the event form’s date and time fields', () => {
  // Fluent's DatePicker is an Input and its TimePicker a Combobox: kept to one size, with nothing beneath only one.
  test.each([
    ['a phone', PHONE],
    ['a desktop', { viewport: { width: 1366, height: 900 } }],
  ])('on %s are the same height, side by side on one line, their text on one baseline', async (_, options) => {
    const page = await signedIn(options);
    const form = await openNewEventForm(page, 'en');
    const boxes = await form.evaluate((surface) => {
      const field = (name: string) => {
        const input = surface.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
        const control = input.closest('.fui-Input, .fui-Combobox')!.getBoundingClientRect();
        const text = input.getBoundingClientRect();
        const field = input.closest('.fui-Field')!.getBoundingClientRect();
        return { top: control.top, height: control.height, textTop: text.top, textHeight: text.height, fontSize: getComputedStyle(input).fontSize, fieldHeight: field.height };
      };
      return { date: field('startDate'), time: field('startTime') };
    });
    expect(Math.abs(boxes.date.height - boxes.time.height)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(boxes.date.top - boxes.time.top)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(boxes.date.textTop + boxes.date.textHeight / 2 - (boxes.time.textTop + boxes.time.textHeight / 2))).toBeLessThanOrEqual(0.5);
    expect(boxes.date.fontSize).toBe(boxes.time.fontSize);
    // Nothing under one and not the other (the time fields had the zone as a caption), so the rows below line up too.
    expect(Math.abs(boxes.date.fieldHeight - boxes.time.fieldHeight)).toBeLessThanOrEqual(0.5);
    // An error under the date leaves the time where it was, beside the date (the form may scroll as it grows).
    const timeTop = () =>
      form.evaluate((surface) => {
        const top = (name: string) => surface.querySelector(`input[name="${name}"]`)!.getBoundingClientRect().top;
        return top('startTime') - top('startDate');
      });
    const before = await timeTop();
    await form.locator('input[name="startDate"]').fill('31/02/2026');
    await form.locator('input[name="startDate"]').blur();
    await form.getByRole('alert').waitFor();
    expect(Math.abs((await timeTop()) - before)).toBeLessThanOrEqual(0.5);
    await page.context().close();
  });
});

describe('on a desktop', () => {
  test('☰ hides the side panel, the calendar takes its room, and it stays hidden after a reload until ☰ shows it again', async () => {
    const page = await signedIn();
    const toggle = page.getByRole('button', { name: 'Calendars', exact: true });
    const panel = page.getByRole('region', { name: 'Calendars' });
    const calendarWidth = async () => (await box(page.locator('.cc-calendar'))).width;
    // The panel's contents and the header's commands come just after the first events.
    await panel.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const widthWithPanel = await calendarWidth();

    await toggle.click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(calendarWidth).toBeGreaterThan(widthWithPanel + 200);

    await page.reload();
    await waitForEvents(page);
    await toggle.waitFor();
    expect(await panel.isVisible()).toBe(false);
    await toggle.click();
    await panel.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
