import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { TEST_TIME_ZONE } from './harness/browser.ts';
import { localDate, WHEN_FORMAT } from './harness/calendar-page.ts';
import { catalog } from './harness/catalogs.ts';
import { firstRenderMs, recordFirstRender } from './harness/first-render.ts';
import { openTab, startHostedTabRig, TEAMS_APP_ID, type HostedTabRig, type OpenTab } from './harness/hosted-tab.ts';

/** The tab speaks German: Teams' locale. */
const GERMAN = catalog('de');

let rig: HostedTabRig;
let open: OpenTab;
let event: CalendarEvent;

beforeAll(async () => {
  rig = await startHostedTabRig();
  const token = await rig.token();
  // Two months ahead: the link must take the calendar to that month, not just open the details.
  const api = new ApiDriver(rig.server.baseUrl);
  const day = localDate(61);
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: { title: 'Budget review', start: new Date(`${day}T14:00`).toISOString(), end: new Date(`${day}T15:30`).toISOString() },
  });
  if (created.status !== 201) throw new Error(`POST event: ${created.status}`);
  event = created.body;
  open = await openTab(
    rig,
    '/?host=teams-personal',
    {
      frameContext: 'content',
      allowClipboard: true,
      // A personal tab: no team, channel or chat. The event comes as the sub-page of a deep link.
      legacy: {
        locale: 'de-de',
        theme: 'default',
        entityId: 'calendars',
        subEntityId: event.id,
        userObjectId: 'eddie',
        loginHint: 'eddie@contoso.test',
        mySiteDomain: 'contoso-my.sharepoint.com',
      },
      token: { ok: true, value: token },
    },
    ['clipboard-read', 'clipboard-write'],
  );
});

afterAll(async () => {
  await rig?.close();
});

describe('a Teams personal tab', () => {
  test('opened from a deep link, shows that event’s details', async () => {
    const dialog = open.tab.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(event.title);
    recordFirstRender('teams-personal', await firstRenderMs(open.page, open.frame()));
    expect((await open.hostState()).notifiedSuccess).toBe(true);
    const when = new Intl.DateTimeFormat('de-DE', { ...WHEN_FORMAT, timeZone: TEST_TIME_ZONE }).formatRange(
      new Date(event.start),
      new Date(event.end),
    );
    await expect.poll(() => dialog.getByText(when).count()).toBe(1);
    // Behind the dialog, the calendar shows the event's month (in German).
    const month = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' }).format(new Date(event.start));
    // (The modal dialog hides it from the accessibility tree meanwhile.)
    expect(await open.tab.getByRole('heading', { name: month, includeHidden: true }).count()).toBe(1);
    await open.tab.locator(`[data-event-id="${event.id}"]`).first().waitFor({ state: 'attached' });
  });

  test('“Copy link” copies a Teams deep link back to the event', async () => {
    // In the tab's language, German.
    await open.tab.getByRole('dialog').getByRole('button', { name: GERMAN['eventDetails.copyLink'] }).click();
    await open.tab.locator('.fui-ToastTitle', { hasText: GERMAN['event.linkCopied'] }).waitFor();
    const context = encodeURIComponent(JSON.stringify({ subEntityId: event.id }));
    expect(await open.page.evaluate(() => navigator.clipboard.readText())).toBe(
      `https://teams.microsoft.com/l/entity/${TEAMS_APP_ID}/calendars?context=${context}`,
    );
    await open.tab.getByRole('dialog').getByRole('button', { name: GERMAN['common.close'] }).click();
  });

  test('the calendar speaks the Teams locale: German texts, weeks starting on Monday', async () => {
    await open.tab.getByRole('button', { name: 'Heute', exact: true }).waitFor();
    const headers = await open.tab.locator('[role=columnheader]').allTextContents();
    expect(headers[0]).toMatch(/^Mo/);
    expect(headers[6]).toMatch(/^So/);
  });
});
