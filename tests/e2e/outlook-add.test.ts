import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { startFakeGraph, type FakeGraph } from '../api/helpers/fake-graph.ts';
import { ApiDriver } from './harness/api.ts';
import { axeViolations } from './harness/axe.ts';
import { APP_ID_URI, channelContext, ENTRA_CLIENT_ID, openTab, startHostedTabRig, type HostedTabRig } from './harness/hosted-tab.ts';

let fake: FakeGraph;
let rig: HostedTabRig;

beforeAll(async () => {
  fake = await startFakeGraph({ clientId: ENTRA_CLIENT_ID, apiAudiences: [APP_ID_URI, ENTRA_CLIENT_ID] });
  // The server as App Service runs it: its managed identity's endpoint proves the app in the on-behalf-of exchange.
  rig = await startHostedTabRig([], {
    GRAPH_CREDENTIAL: 'managed-identity',
    ENTRA_AUTHORITY_HOST: fake.authorityHost,
    GRAPH_BASE_URL: fake.graphBaseUrl,
    ...fake.managedIdentityEnv,
  });
});

afterAll(async () => {
  await rig?.close();
  await fake?.close();
});

describe('Add to my Outlook calendar, in a Teams tab', () => {
  test('asks for access when the user has not allowed it, then adds the event, and says it is in their Outlook calendar', async () => {
    const admin = await rig.token({ oid: 'ada', name: 'Ada Admin', roles: ['Calendar.Admin'] });
    const api = new ApiDriver(rig.server.baseUrl);
    const calendarId = await api.calendarId(admin, 'Company');
    const today = new Date().toISOString().slice(0, 10);
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
      token: admin,
      body: { title: 'All-hands', start: `${today}T12:00:00Z`, end: `${today}T13:00:00Z`, extendedProps: { timeZone: 'Europe/Paris' } },
    });
    const scope = `${new URL(fake.graphBaseUrl).origin}/Calendars.ReadWrite`;
    fake.unconsentedScopes.add(scope);

    const tokens = { ok: true as const, accessToken: await rig.token(), idToken: await rig.idToken() };
    const open = await openTab(rig, `/?eventId=${created.body.id}`, {
      frameContext: 'content',
      legacy: channelContext(),
      token: { ok: false, reason: 'unused' },
      naa: { token: tokens, popupToken: tokens },
    });
    const dialog = open.tab.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'All-hands' }).waitFor();
    await dialog.getByRole('button', { name: 'Add to my Outlook calendar' }).click();
    await dialog.getByText('Company Calendar needs your permission to add events to your Outlook calendar.').waitFor();
    expect(fake.mailbox('eddie').size).toBe(0);

    // The host's prompt grants it: the popup asks for Graph's scope, and the add follows by itself.
    fake.unconsentedScopes.delete(scope);
    await dialog.getByRole('button', { name: 'Allow access' }).click();
    await dialog.getByText('In your Outlook calendar').waitFor();
    await open.tab.locator('.fui-ToastTitle', { hasText: 'Added to your Outlook calendar' }).waitFor();
    const popup = (await open.hostState()).naaRequests.filter((request) => request.method === 'GetTokenPopup').at(-1);
    expect(popup?.tokenParams?.scope).toContain(scope);
    const copies = [...fake.mailbox('eddie').values()];
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ subject: 'All-hands', start: { dateTime: expect.stringMatching(/T1[34]:00:00$/), timeZone: 'Romance Standard Time' } });
    expect(fake.exchanges.at(-1)).toMatchObject({ tenantId: DEMO_TENANT_ID, clientAuthentication: 'managed-identity', scopes: [scope] });

    await dialog.getByRole('button', { name: 'Update my Outlook copy' }).click();
    await open.tab.locator('.fui-ToastTitle', { hasText: 'Your Outlook copy is up to date' }).waitFor();
    expect(fake.mailbox('eddie').size).toBe(1);

    for (const theme of ['default', 'dark', 'contrast'] as const) {
      await open.pushTheme(theme);
      expect(await axeViolations(open.page), theme).toEqual([]);
    }
    await open.context.close();
  });
});
