import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NestedAppAuthAnswer } from './harness/host-simulator.ts';
import { APP_ID_URI, channelContext, ENTRA_CLIENT_ID, openTab, startHostedTabRig, type HostedTabRig } from './harness/hosted-tab.ts';

let rig: HostedTabRig;

beforeAll(async () => {
  rig = await startHostedTabRig();
});

afterAll(async () => {
  await rig?.close();
});

async function tokens(): Promise<NestedAppAuthAnswer & { ok: true }> {
  return { ok: true, accessToken: await rig.token(), idToken: await rig.idToken() };
}

const INTERACTION_REQUIRED: NestedAppAuthAnswer = {
  ok: false,
  status: 'USER_INTERACTION_REQUIRED',
  code: 'consent_required',
  description: 'AADSTS65001: The user or administrator has not consented to use the application.',
};

describe('a Teams tab where the host recommends nested app authentication', () => {
  test('signs in through MSAL’s bridge to the host, never getAuthToken, and a reload asks for nothing', async () => {
    const naa = { token: await tokens(), popupToken: INTERACTION_REQUIRED };
    const open = await openTab(rig, '/', { frameContext: 'content', legacy: channelContext(), token: { ok: false, reason: 'unused' }, naa });
    await open.tab.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    await open.tab.locator('.cc-event').first().waitFor();

    const state = await open.hostState();
    expect(state.naaRequests.map((request) => request.method)).toEqual(['GetInitContext', 'GetToken']);
    expect(state.naaRequests[1]?.tokenParams).toMatchObject({ clientId: ENTRA_CLIENT_ID, scope: `${APP_ID_URI}/access_as_user` });
    expect(state.tokenRequests).toEqual([]);
    expect(state.calls.map((call) => call.func)).not.toContain('authentication.authenticate');
    expect(state.notifiedSuccess).toBe(true);
    const calls = open.apiRequests.filter((request) => request.path !== '/api/client-config');
    expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/me', '/api/calendars', '/api/events']));
    for (const call of calls) expect(call.authorization, call.path).toBe(`Bearer ${naa.token.accessToken}`);

    await open.frame().evaluate(() => location.reload());
    await open.tab.locator('.cc-event').first().waitFor();
    await open.tab.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    const reloaded = await open.hostState();
    // No prompt: GetTokenPopup would have been answered with an error.
    expect(reloaded.naaRequests.map((request) => request.method)).not.toContain('GetTokenPopup');
    expect(reloaded.tokenRequests).toEqual([]);
    expect(reloaded.failure).toBeNull();
    await open.context.close();
  });

  test('when the host needs the user to consent, the tab says so, and its button asks the host to prompt', async () => {
    const naa = { token: INTERACTION_REQUIRED, popupToken: { ok: false, status: 'USER_CANCEL' } as const };
    const open = await openTab(rig, '/', { frameContext: 'content', legacy: channelContext(), token: { ok: false, reason: 'unused' }, naa });
    await open.tab.getByRole('heading', { name: 'Company Calendar needs your permission' }).waitFor();
    // An expected failure keeps the tab, and its Allow access, on screen; a failure would have Teams cover it.
    await expect.poll(async () => (await open.hostState()).expectedFailure?.reason).toBe('PermissionError');
    expect((await open.hostState()).failure).toBeNull();
    // The host's prompt is a popup: it must follow the user's click, never open by itself.
    expect((await open.hostState()).naaRequests.map((request) => request.method)).not.toContain('GetTokenPopup');

    await open.tab.getByRole('button', { name: 'Allow access' }).click();
    await open.tab.getByText('Access was not allowed', { exact: true }).waitFor();
    expect((await open.hostState()).naaRequests.map((request) => request.method)).toContain('GetTokenPopup');

    const granted = await tokens();
    await open.setNestedAppAuth({ token: granted, popupToken: granted });
    await open.tab.getByRole('button', { name: 'Allow access' }).click();
    await open.tab.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    await open.tab.locator('.cc-event').first().waitFor();
    const state = await open.hostState();
    expect(state.naaRequests.filter((request) => request.method === 'GetTokenPopup').at(-1)?.tokenParams?.scope).toBe(`${APP_ID_URI}/access_as_user`);
    expect(state.tokenRequests).toEqual([]);
    expect(state.calls.map((call) => call.func)).not.toContain('authentication.authenticate');
    await open.context.close();
  });
});
