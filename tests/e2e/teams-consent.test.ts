import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { APP_ID_URI, channelContext, ENTRA_CLIENT_ID, openTab, startHostedTabRig, type HostedTabRig, type OpenTab } from './harness/hosted-tab.ts';
import { startTlsProxy, type TlsProxy } from './harness/tls-proxy.ts';

let rig: HostedTabRig;
let proxy: TlsProxy;

beforeAll(async () => {
  rig = await startHostedTabRig(['--ignore-certificate-errors']);
  proxy = await startTlsProxy(rig.server.baseUrl);
});

afterAll(async () => {
  await proxy?.close();
  await rig?.close();
});

const ENTRA = 'https://login.microsoftonline.com/**';
// Entra's client_info: who signed in, which MSAL keys its cache by.
const CLIENT_INFO = Buffer.from(JSON.stringify({ uid: 'eddie', utid: DEMO_TENANT_ID })).toString('base64url');

/** The tab over HTTPS (teams-js opens https consent popups only), where getAuthToken says consent is missing. */
async function openTabNeedingConsent(): Promise<OpenTab> {
  const open = await openTab(rig, `${proxy.origin}/`, {
    frameContext: 'content',
    legacy: channelContext(),
    token: { ok: false, reason: 'resourceRequiresConsent' },
  });
  await open.tab.getByRole('heading', { name: 'Company Calendar needs your permission' }).waitFor();
  return open;
}

/** Clicks "Allow access" and returns the consent popup the host opened. */
async function allowAccess(open: OpenTab): Promise<Page> {
  const popup = open.context.waitForEvent('page');
  await open.tab.getByRole('button', { name: 'Allow access' }).click();
  return popup;
}

/** Entra ID at the protocol level: its authorize endpoint answers at once, declining or with a code for tokens. */
async function fakeEntra(open: OpenTab, answer: { declined: true } | { accessToken: string }): Promise<URL[]> {
  const requests: URL[] = [];
  let nonce = '';
  await open.context.route(ENTRA, async (route: Route) => {
    const url = new URL(route.request().url());
    requests.push(url);
    if (url.pathname.endsWith('/oauth2/v2.0/token')) {
      const form = new URLSearchParams(route.request().postData() ?? '');
      expect(form.get('code')).toBe('granted-code');
      expect(form.get('code_verifier')).toMatch(/\S{43}/);
      await route.fulfill({
        headers: { 'access-control-allow-origin': '*' },
        contentType: 'application/json',
        body: JSON.stringify({
          token_type: 'Bearer',
          scope: form.get('scope'),
          expires_in: 600,
          ext_expires_in: 600,
          access_token: 'accessToken' in answer ? answer.accessToken : '',
          id_token: await rig.idToken({ nonce }),
          client_info: CLIENT_INFO,
        }),
      });
      return;
    }
    // The authorize endpoint sends the user back to the redirect URI with the outcome in the fragment.
    nonce = url.searchParams.get('nonce') ?? '';
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    const outcome: Record<string, string> =
      'declined' in answer
        ? { error: 'access_denied', error_description: 'AADSTS65004: User declined to consent to access the app.' }
        : { code: 'granted-code', client_info: CLIENT_INFO };
    back.hash = new URLSearchParams({ ...outcome, state: url.searchParams.get('state') ?? '' }).toString();
    await route.fulfill({ status: 302, headers: { location: back.href } });
  });
  return requests;
}

describe('Teams’s consent popup (authentication.authenticate)', () => {
  test('opens the app’s /auth-start, which signs in with Entra ID; when the user declines, the tab says access was not allowed', async () => {
    const open = await openTabNeedingConsent();
    const entraRequests = await fakeEntra(open, { declined: true });
    const popup = await allowAccess(open);
    expect(new URL(popup.url()).pathname).toBe('/auth-start');

    await open.tab.getByText('Access was not allowed', { exact: true }).waitFor();
    await open.tab.getByText(/AADSTS65004/).first().waitFor();
    const state = await open.hostState();
    expect(state.popups).toEqual([
      { url: `${proxy.origin}/auth-start`, width: 600, height: 535, result: { ok: false, value: expect.stringContaining('AADSTS65004') } },
    ]);
    const authorize = entraRequests.find((url) => url.pathname.endsWith('/oauth2/v2.0/authorize'));
    expect(authorize?.searchParams.get('client_id')).toBe(ENTRA_CLIENT_ID);
    expect(authorize?.searchParams.get('login_hint')).toBe('eddie@contoso.test');
    expect(authorize?.searchParams.get('redirect_uri')).toBe(`${proxy.origin}/auth-end`);
    // Nothing was granted, so the tab does not ask Teams for a token again.
    expect(state.tokenRequests).toHaveLength(1);
    await open.context.close();
  });

  test('when the user consents, the popup tells Teams without handing over a token, keeps none, and the tab signs in with getAuthToken', async () => {
    const open = await openTabNeedingConsent();
    const accessToken = await rig.token();
    const entraRequests = await fakeEntra(open, { accessToken });
    // Consent is granted from now on, so Teams hands out tokens.
    await open.setToken({ ok: true, value: accessToken });
    await allowAccess(open);

    await open.tab.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    await open.tab.locator('.cc-event').first().waitFor();
    const state = await open.hostState();
    expect(state.popups).toEqual([{ url: `${proxy.origin}/auth-start`, width: 600, height: 535, result: { ok: true, value: null } }]);
    // The popup's MSAL cache lived in its own sessionStorage: nothing of the sign-in stays in the app's origin.
    const { origins } = await open.context.storageState();
    const stored = origins.flatMap(({ localStorage }) => localStorage.map(({ name, value }) => `${name}=${value}`));
    expect(stored.filter((entry) => /accesstoken|idtoken|refreshtoken/i.test(entry) || entry.includes(accessToken))).toEqual([]);
    expect(entraRequests.find((url) => url.pathname.endsWith('/oauth2/v2.0/authorize'))?.searchParams.get('scope')).toContain(
      `${APP_ID_URI}/access_as_user`,
    );
    expect(state.tokenRequests).toHaveLength(2);
    await open.context.close();
  });
});
