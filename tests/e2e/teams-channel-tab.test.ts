import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { axeViolations } from './harness/axe.ts';
import { firstRenderMs, recordFirstRender } from './harness/first-render.ts';
import { channelContext, openTab, startHostedTabRig, TEAMS_APP_ID, type HostedTabRig, type OpenTab } from './harness/hosted-tab.ts';

const MEETING = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_channel%40thread.v2/0?context=%7b%7d';

let rig: HostedTabRig;
let savedContentUrl: string;
let tabCalendarIds: string[];

beforeAll(async () => {
  rig = await startHostedTabRig();
});

afterAll(async () => {
  await rig?.close();
});

/**
 * The colours the calendar is painted in, through the forma theme's variables: the background behind it, the text
 * of its day cells, the border of its Today button and the fill of the selected view's tab.
 */
async function calendarColours(open: OpenTab): Promise<{ background: string; text: string; border: string; selectedTab: string }> {
  return open.frame().evaluate(() => {
    const calendar = document.querySelector('.cc-calendar');
    const cell = calendar?.querySelector(':is([role=cell], [role=gridcell])');
    const today = [...(calendar?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Today');
    const tab = calendar?.querySelector('[role=tab][aria-selected=true]');
    if (!calendar || !cell || !today || !tab) throw new Error('The calendar is not shown');
    let background = 'none';
    for (let element: Element | null = calendar; element && background === 'none'; element = element.parentElement) {
      const colour = getComputedStyle(element).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)') background = colour;
    }
    return {
      background,
      text: getComputedStyle(cell).color,
      border: getComputedStyle(today).borderTopColor,
      selectedTab: getComputedStyle(tab).backgroundColor,
    };
  });
}

describe('a Teams channel tab', () => {
  test('its configuration page saves the chosen calendars, including one an admin creates there', async () => {
    const adminToken = await rig.token({ oid: 'ada', name: 'Ada Admin', roles: ['Calendar.Admin'] });
    const open = await openTab(rig, '/config', {
      frameContext: 'settings',
      legacy: channelContext({ entityId: '' }),
      token: { ok: true, value: adminToken },
    });
    const company = open.tab.getByRole('checkbox', { name: 'Company' });
    await company.waitFor();
    await expect.poll(async () => (await open.hostState()).notifiedSuccess).toBe(true);
    expect((await open.hostState()).validity).toBe(false);

    await company.check();
    await expect.poll(async () => (await open.hostState()).validity).toBe(true);

    await open.tab.getByRole('button', { name: 'New calendar' }).click();
    await open.tab.getByLabel('Name').fill('Contoso team');
    await open.tab.getByRole('button', { name: 'Create calendar' }).click();
    const created = open.tab.getByRole('checkbox', { name: 'Contoso team' });
    await expect.poll(() => created.isChecked()).toBe(true);

    await open.triggerSave();
    await expect.poll(async () => (await open.hostState()).saveSucceeded).toBe(true);
    const { savedSettings, saveFailedReason } = await open.hostState();
    expect(saveFailedReason).toBeNull();

    const calendars = (await new ApiDriver(rig.server.baseUrl).request<Calendar[]>('GET', '/api/calendars', { token: adminToken })).body;
    tabCalendarIds = ['Company', 'Contoso team'].map((name) => calendars.find((calendar) => calendar.name === name)?.id ?? name);
    const contentUrl = new URL('/', rig.server.baseUrl);
    contentUrl.searchParams.set('calendars', tabCalendarIds.join(','));
    expect(savedSettings).toEqual({
      entityId: expect.stringMatching(/\S/),
      contentUrl: contentUrl.href,
      websiteUrl: contentUrl.href,
      suggestedDisplayName: 'Company, Contoso team',
      removeUrl: `${rig.server.baseUrl}/remove`,
    });
    savedContentUrl = contentUrl.href;
    // Every API call carried the token Teams handed out (the client config is public).
    const calls = open.apiRequests.filter((request) => request.path !== '/api/client-config');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.authorization, call.path).toBe(`Bearer ${adminToken}`);
    await open.context.close();
  });

  describe('opened on the saved content URL', () => {
    let open: OpenTab;
    let eddieToken: string;

    beforeAll(async () => {
      eddieToken = await rig.token();
      // A meeting two hours from now: in the month the tab opens on (its grid runs into the next month's first days).
      const start = new Date(Date.now() + 2 * 3_600_000);
      const body = { title: 'Channel sync', start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), extendedProps: { onlineMeetingUrl: MEETING } };
      await new ApiDriver(rig.server.baseUrl).request('POST', `/api/calendars/${tabCalendarIds[0]}/events`, { token: eddieToken, body });
      open = await openTab(rig, savedContentUrl, { frameContext: 'content', legacy: channelContext(), token: { ok: true, value: eddieToken } });
    });

    afterAll(async () => {
      await open?.context.close();
    });

    test('shows only those calendars, signed in with the getAuthToken token, and tells Teams it has loaded', async () => {
      const milliseconds = await firstRenderMs(open.page, open.frame());
      recordFirstRender('teams-channel', milliseconds);
      const panel = open.tab.getByRole('region', { name: 'Calendars' });
      await expect.poll(() => panel.getByRole('listitem').allTextContents()).toEqual(['Company', 'Contoso team']);
      const shown = await open.tab.locator('.cc-event').evaluateAll((events) => events.map((event) => (event as HTMLElement).dataset.calendarId));
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set([tabCalendarIds[0]]));
      expect((await open.hostState()).notifiedSuccess).toBe(true);
      expect((await open.hostState()).tokenRequests.length).toBeGreaterThan(0);

      const calls = open.apiRequests.filter((request) => request.path !== '/api/client-config');
      expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/me', '/api/calendars', '/api/events']));
      for (const call of calls) expect(call.authorization, call.path).toBe(`Bearer ${eddieToken}`);
      // Teams owns the session: no sign-out in a tab, and no MSAL loaded for one.
      expect(await open.tab.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      const scripts = await open.frame().evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(scripts.filter((url) => /msal|PublicClientApplication/i.test(url))).toEqual([]);
    });

    test('follows Teams’s theme as it changes: dark, then high contrast, then light again', async () => {
      const light = await calendarColours(open);
      // teamsLightTheme: neutral background 1 and foreground 1.
      expect(light).toMatchObject({ background: 'rgb(255, 255, 255)', text: 'rgb(36, 36, 36)' });
      const seen = [light];
      for (const [theme, background, text] of [
        ['dark', 'rgb(41, 41, 41)', 'rgb(255, 255, 255)'],
        ['contrast', 'rgb(0, 0, 0)', 'rgb(255, 255, 255)'],
        ['default', 'rgb(255, 255, 255)', 'rgb(36, 36, 36)'],
      ] as const) {
        await open.pushTheme(theme);
        await expect.poll(async () => (await calendarColours(open)).background, { message: theme }).toBe(background);
        const colours = await calendarColours(open);
        expect(colours.text, theme).toBe(text);
        // Each of the calendar's colours changes with every theme, not just the page behind it.
        const previous = seen.at(-1);
        for (const key of ['background', 'text', 'border', 'selectedTab'] as const) {
          if (theme !== 'contrast' || key !== 'text') expect(colours[key], `${theme} ${key}`).not.toBe(previous?.[key]);
        }
        seen.push(colours);
      }
      expect(seen.at(-1)).toEqual(light);
    });

    test('“Copy link” offers the Teams deep link in a field when the frame may not use the clipboard', async () => {
      const event = open.tab.locator('.cc-event').first();
      const eventId = await event.evaluate((element) => (element as HTMLElement).dataset.eventId);
      await event.click();
      const dialog = open.tab.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      const field = dialog.getByLabel('Link to this event');
      await field.waitFor();
      const context = encodeURIComponent(JSON.stringify({ subEntityId: eventId, channelId: '19:general@thread.tacv2' }));
      expect(await field.inputValue()).toBe(`https://teams.microsoft.com/l/entity/${TEAMS_APP_ID}/calendar-tab-1?context=${context}`);
      // Focused and selected, ready to copy by hand.
      expect(await field.evaluate((input: HTMLInputElement) => document.activeElement === input && input.selectionEnd === input.value.length)).toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    test('Join opens a Teams meeting through teams-js (app.openLink), not a window of the tab’s own', async () => {
      const event = open.tab.locator('.cc-event', { hasText: 'Channel sync' });
      await expect.poll(() => event.count()).toBe(1);
      await event.click();
      const dialog = open.tab.getByRole('dialog');
      await dialog.getByRole('button', { name: /^Join/ }).click();
      await expect.poll(async () => (await open.hostState()).calls.filter((call) => JSON.stringify(call.args).includes(MEETING)).map((call) => call.func)).toEqual([
        'executeDeepLink',
      ]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    test('in high contrast it has no WCAG 2.1 A/AA violations', async () => {
      await open.pushTheme('contrast');
      await expect.poll(async () => (await calendarColours(open)).background).toBe('rgb(0, 0, 0)');
      expect(await axeViolations(open.page)).toEqual([]);
    });
  });

  test('its removal page lets Teams remove the tab', async () => {
    const open = await openTab(rig, '/remove', { frameContext: 'remove', legacy: channelContext(), token: { ok: true, value: await rig.token() } });
    await open.tab.getByRole('heading', { name: 'Remove this tab?' }).waitFor();
    await expect.poll(async () => (await open.hostState()).validity).toBe(true);
    await open.triggerRemove();
    await expect.poll(async () => (await open.hostState()).calls.map((call) => call.func)).toContain('settings.remove.success');
    expect((await open.hostState()).notifiedSuccess).toBe(true);
    await open.context.close();
  });
});

describe('framed by a page that is no Microsoft 365 host', () => {
  test('the app stops waiting for a host after a few seconds and runs as the standalone site', async () => {
    const open = await openTab(rig, '/', { frameContext: 'content', legacy: {}, token: { ok: false, reason: 'unused' }, silent: true });
    const started = Date.now();
    await open.tab.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor({ timeout: 15_000 });
    // teams-js alone would wait 60 s; HOST_INITIALIZE_TIMEOUT_MS is 4 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await open.hostState()).calls.map((call) => call.func)).toEqual(['initialize']);
    await open.context.close();
  });
});
