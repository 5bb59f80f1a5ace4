import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { PROBLEM_MESSAGES } from '../../src/web/lib/problem-messages.ts';
import { ApiDriver } from '../e2e/harness/api.ts';
import { localDate } from '../e2e/harness/calendar-page.ts';
import { channelContext, openTab, startHostedTabRig, type HostedTabRig, type OpenTab } from '../e2e/harness/hosted-tab.ts';
import { expectLiteralText } from './helpers/expect-literal-text.ts';
import { NOTHING_RAN, watchScriptExecution, type ScriptExecutionWatch } from './helpers/script-execution-watch.ts';
import { XSS_PAYLOADS } from './helpers/xss-corpus.ts';

// What only a Microsoft 365 host shows: the configuration page's calendar list, and people's names as their
// identity provider gives them, which the tenant's users or admins write. The CSP stays on here (the host
// simulator opens the contexts), so the watch relies on the violations it reports and on the literal text.
const [, imgOnError, svgOnLoad, , quoteBreak, , , , textareaBreakout, titleBreakout] = XSS_PAYLOADS;
const ADMIN_NAME = imgOnError!.text;
const EDITOR_NAME = quoteBreak!.text;
/** Eddie's object id: with Microsoft 365 sign-in, editors are listed by Entra object ids (GUIDs), as tokens carry them. */
const EDITOR_OBJECT_ID = '0000edd1-0000-4000-8000-000000000001';

let rig: HostedTabRig;
let api: ApiDriver;
let adminToken: string;
let calendars: Calendar[];
let event: CalendarEvent;

beforeAll(async () => {
  rig = await startHostedTabRig();
  api = new ApiDriver(rig.server.baseUrl);
  adminToken = await rig.token({ oid: 'ada', name: ADMIN_NAME, roles: ['Calendar.Admin'] });
  calendars = [];
  for (const payload of [svgOnLoad!, textareaBreakout!]) {
    const created = await api.request<Calendar>('POST', '/api/calendars', {
      token: adminToken,
      body: { name: payload.text, color: '#0F6CBD', editors: [EDITOR_OBJECT_ID] },
    });
    expect(created.status).toBe(201);
    calendars.push(created.body);
  }
  // All day: first in today's cell, however many events the demo data puts there.
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendars[0]!.id}/events`, {
    token: adminToken,
    body: { title: titleBreakout!.text, start: localDate(), allDay: true },
  });
  expect(created.status).toBe(201);
  event = created.body;
});

afterAll(async () => {
  await rig?.close();
});

/** Opens the tab with every frame watched from its first script. */
async function openWatchedTab(path: string, host: Parameters<typeof openTab>[2]): Promise<{ open: OpenTab; watch: ScriptExecutionWatch }> {
  let watch: ScriptExecutionWatch | undefined;
  const open = await openTab(rig, path, host, [], async (context) => {
    watch = await watchScriptExecution(context);
  });
  return { open, watch: watch! };
}

describe('the corpus in a Teams tab', () => {
  test('the configuration page lists the calendars by name, and creating one names it in its toast', async () => {
    const { open, watch } = await openWatchedTab('/config', {
      frameContext: 'settings',
      legacy: channelContext({ entityId: '' }),
      token: { ok: true, value: adminToken },
    });
    const list = open.tab.getByRole('region', { name: 'Calendars' });
    await open.tab.getByRole('checkbox', { name: calendars[0]!.name, exact: true }).waitFor();
    await expectLiteralText(list, calendars.map((calendar) => calendar.name));

    await open.tab.getByRole('button', { name: 'New calendar' }).click();
    const name = `New ${svgOnLoad!.text}`;
    await open.tab.getByLabel('Name').fill(name);
    await open.tab.getByRole('button', { name: 'Create calendar' }).click();
    // .first(): the toaster also announces it in a live region.
    await open.tab.getByText(`${name} created`, { exact: true }).first().waitFor();
    await expect.poll(() => open.tab.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
    await open.triggerSave();
    await expect.poll(async () => (await open.hostState()).saveSucceeded).toBe(true);

    expect(await watch.seen(open.page)).toEqual(NOTHING_RAN);
    await open.context.close();
  });

  test('names from tokens, a deep link’s sub-page and a refusal naming the calendar: in the header, the details and toasts', async () => {
    const { open, watch } = await openWatchedTab('/', {
      frameContext: 'content',
      legacy: channelContext({ subEntityId: titleBreakout!.text }),
      token: { ok: true, value: await rig.token({ oid: EDITOR_OBJECT_ID, name: EDITOR_NAME }) },
    });
    await open.tab.getByText(/^The linked event (no longer exists|could not be opened)$/).first().waitFor();
    await expectLiteralText(open.tab.getByTestId('signed-in-user'), [EDITOR_NAME]);

    await open.tab.locator(`[data-event-id="${event.id}"]`).first().click();
    const details = open.tab.getByRole('dialog', { name: event.title, exact: true });
    await details.getByText('Created', { exact: true }).waitFor();
    await expectLiteralText(details, [event.title, calendars[0]!.name, `${ADMIN_NAME}, `]);

    // Eddie loses his edit rights while the form is open: the server's refusal names the calendar, in a toast.
    await details.getByRole('button', { name: 'Edit' }).click();
    const form = open.tab.getByRole('dialog', { name: 'Edit event' });
    const revoked = await api.request('PATCH', `/api/calendars/${calendars[0]!.id}`, {
      token: adminToken,
      ifMatch: `"${calendars[0]!.version}"`,
      body: { editors: [] },
    });
    expect(revoked.status).toBe(200);
    const refused = open.page.waitForResponse((response) => response.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'Save' }).click();
    const refusal = await refused;
    expect(refusal.status()).toBe(403);
    const { detail } = (await refusal.json()) as Problem;
    expect(detail).toContain(calendars[0]!.name);
    // The toast says the app's own words for a refusal: the server's detail, with the payload in it, is not shown.
    const toast = open.tab.locator('.fui-Toast', { hasText: 'The event could not be saved' });
    await toast.waitFor();
    await expectLiteralText(toast, [PROBLEM_MESSAGES.forbidden.defaultMessage]);
    expect(await toast.textContent()).not.toContain(calendars[0]!.name);

    expect(await watch.seen(open.page)).toEqual(NOTHING_RAN);
    await open.context.close();
  });
});
