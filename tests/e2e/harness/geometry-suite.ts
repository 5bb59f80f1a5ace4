import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../../src/shared/event-schema.ts';
import { ApiDriver } from './api.ts';
import { useAppAndBrowser } from './app-and-browser.ts';
import { newContext } from './browser.ts';
import { catalog } from './catalogs.ts';
import { localDate, signIn, waitForEvents } from './calendar-page.ts';
import { layoutProblems } from './geometry.ts';

/** The widths looked at with a mouse, widest first: each screen is opened once and the window narrowed. */
const MOUSE_SIZES = [
  { width: 1366, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 320, height: 640 },
] as const;
/** A phone, by touch: its screens are opened at its size, the way a phone reaches them. */
const PHONE_SIZE = { width: 390, height: 844 } as const;
const TOUCH: BrowserContextOptions = { isMobile: true, hasTouch: true };

/** The English of the strings the screens are opened by (the default messages); other languages from their catalogues. */
const ENGLISH: Record<string, string> = {
  'shell.manageCalendars': 'Manage calendars',
  'shell.moreOptions': 'More options',
  'shell.subscriptions': 'Calendar subscriptions',
  'calendarActions.moreActions': 'More actions for {name}',
  'calendarActions.deletedEvents': 'Deleted events…',
  'icsImport.menuItem': 'Import (.ics)…',
  'shell.calendarsToggle': 'Calendars',
};

type Say = (id: string) => string;

interface Screen {
  name: string;
  /** Opens the screen on a page (a mouse's at its widest size, a phone at its own); the dialog it shows as a selector, or null. */
  open(page: Page, say: Say, at: string): Promise<string | null>;
}

const DIALOG = '[role=dialog]';

async function calendarAt(page: Page, at: string, query = ''): Promise<void> {
  await page.goto(`/${at}${query}`);
  await waitForEvents(page);
}

/** One of a side-panel calendar's "More actions". */
async function calendarMenu(page: Page, say: Say, item: string): Promise<string> {
  const more = page.getByRole('button', { name: say('calendarActions.moreActions').replace('{name}', 'Company') });
  // In a drawer (a touch screen has it at any width), opened first: ☰ then says it opens a dialog.
  const toggle = page.getByRole('button', { name: say('shell.calendarsToggle'), exact: true });
  if ((await toggle.getAttribute('aria-haspopup')) === 'dialog') await toggle.click();
  await more.click();
  await page.getByRole('menuitem', { name: say(item) }).click();
  // The drawer, if it was open, gone: its dialog alone.
  await expect.poll(() => page.locator(DIALOG).count()).toBe(1);
  return DIALOG;
}

function screens(eventId: () => string): Screen[] {
  const view = (name: string): Screen => ({ name: `the ${name} view`, open: (page, _, at) => calendarAt(page, at, `&view=${name}`).then(() => null) });
  return [
    view('month'),
    view('week'),
    view('day'),
    view('upcoming'),
    { name: 'the new event form', open: (page, _, at) => page.goto(`/${at}&new=1&title=Planning`).then(() => page.locator(DIALOG).waitFor()).then(() => DIALOG) },
    { name: 'an event’s details', open: (page, _, at) => page.goto(`/${at}&eventId=${eventId()}`).then(() => page.locator(DIALOG).waitFor()).then(() => DIALOG) },
    {
      name: 'the search results',
      open: async (page, _, at) => {
        await page.goto(`/${at}&q=stand`);
        await page.getByRole('heading', { level: 2 }).filter({ hasText: 'stand' }).first().waitFor();
        return null;
      },
    },
    {
      name: 'Manage calendars',
      open: async (page, say, at) => {
        await calendarAt(page, at);
        // In the header, or in its More options where the header has no room (a touch screen's).
        await page.getByRole('button', { name: say('shell.moreOptions') }).waitFor();
        const button = page.getByRole('button', { name: say('shell.manageCalendars') });
        if ((await button.count()) > 0) await button.click();
        else {
          await page.getByRole('button', { name: say('shell.moreOptions') }).click();
          await page.getByRole('menuitem', { name: say('shell.manageCalendars') }).click();
        }
        await page.locator(DIALOG).getByRole('button', { name: say('calendarActions.moreActions').replace('{name}', 'Company') }).waitFor();
        return DIALOG;
      },
    },
    {
      name: 'Calendar subscriptions',
      open: async (page, say, at) => {
        await calendarAt(page, at);
        await page.getByRole('button', { name: say('shell.moreOptions') }).click();
        await page.getByRole('menuitem', { name: say('shell.subscriptions') }).click();
        await page.locator(DIALOG).waitFor();
        return DIALOG;
      },
    },
    { name: 'the import dialog', open: (page, say, at) => calendarAt(page, at).then(() => calendarMenu(page, say, 'icsImport.menuItem')) },
    { name: 'a calendar’s deleted events', open: (page, say, at) => calendarAt(page, at).then(() => calendarMenu(page, say, 'calendarActions.deletedEvents')) },
    {
      name: 'the help page',
      open: async (page, _, at) => {
        await page.goto(`/help${at}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        return null;
      },
    },
  ];
}

/** Waits for the layout at this size to have no problem: it may take a few frames to settle after a resize. */
async function expectSound(page: Page, scope: string | null, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await expect.poll(() => layoutProblems(page, scope), { message: `at ${size.width} px` }).toEqual([]);
}

/**
 * Every screen and dialog in one language at 1366, 1024, 768 and 320 px with a mouse and at 390 px by touch: no
 * control outside the viewport or its dialog, none cut off, no two overlapping, nothing scrolling sideways.
 */
export function describeGeometry(language: 'en' | 'de' | 'fr' | 'ar'): void {
  const app = useAppAndBrowser();
  const strings = language === 'en' ? ENGLISH : catalog(language);
  const say: Say = (id) => strings[id] ?? ENGLISH[id]!;
  const at = `?locale=${language}`;
  let event: CalendarEvent;
  const pages: Record<'mouse' | 'touch', Page | undefined> = { mouse: undefined, touch: undefined };

  beforeAll(async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('ada');
    const start = new Date(`${localDate()}T10:00`);
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
      token,
      body: {
        title: 'Quarterly planning with the regional leadership teams and their guests',
        start: start.toISOString(),
        end: new Date(start.getTime() + 90 * 60_000).toISOString(),
        url: 'https://example.com/a/rather/long/address/for/the/agenda/of/the/quarterly/planning',
        extendedProps: { location: 'Conference room Kilimanjaro, second floor, east wing', description: '<p>Agenda, minutes and follow-ups.</p>' },
      },
    });
    event = created.body;
    for (const input of ['mouse', 'touch'] as const) {
      const options = input === 'touch' ? { viewport: PHONE_SIZE, ...TOUCH } : { viewport: MOUSE_SIZES[0] };
      const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
      await signIn(page, /Ada Admin/);
      pages[input] = page;
    }
  });

  if (language === 'en') {
    test('the check sees a control off the screen, one cut off, two overlapping and a page scrolling sideways', async () => {
      const page = pages.mouse!;
      await page.goto('/help');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => {
        const broken = document.createElement('div');
        broken.innerHTML =
          '<button style="position:fixed;left:-60px;top:0">Off</button>' +
          '<button style="position:fixed;left:100px;top:100px">First</button><button style="position:fixed;left:110px;top:105px">Second</button>' +
          '<div style="position:fixed;left:300px;top:300px;width:40px;overflow:hidden"><button style="width:120px">Cut</button></div>' +
          '<div style="width:3000px;height:1px"></div>';
        document.body.append(broken);
      });
      const problems = (await layoutProblems(page)).join('\n');
      expect(problems).toMatch(/page scrolls sideways/);
      expect(problems).toMatch(/“Off” is outside the viewport/);
      expect(problems).toMatch(/“First” overlaps button “Second”/);
      expect(problems).toMatch(/“Cut” is cut off/);
    });
  }

  describe(`every screen in ${language}`, () => {
    for (const screen of screens(() => event.id)) {
      test(`${screen.name}: at 1366, 1024, 768 and 320 px, and on a phone at 390 px`, async () => {
        const mouse = pages.mouse!;
        const scope = await screen.open(mouse, say, at);
        for (const size of MOUSE_SIZES) await expectSound(mouse, scope, size);
        const touch = pages.touch!;
        await touch.setViewportSize(PHONE_SIZE);
        const touchScope = await screen.open(touch, say, at);
        await expectSound(touch, touchScope, PHONE_SIZE);
        await mouse.setViewportSize(MOUSE_SIZES[0]);
      });
    }
  });
}
