import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { channelContext, ENTRA_CLIENT_ID, openTab, startHostedTabRig, type HostedTabRig, type OpenTab } from './harness/hosted-tab.ts';
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

describe('Teams’s consent popup (authentication.authenticate)', () => {
  test('opens the app’s /auth-start, which signs in with Entra ID; when Entra refuses, the tab says access was not allowed', async () => {
    const open = await openTabNeedingConsent();
    const entraRequests: URL[] = [];
    await open.context.route(ENTRA, async (route: Route) => {
      const url = new URL(route.request().url());
      entraRequests.push(url);
      // Entra's answer when the user declines consent, sent back to the redirect URI.
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.hash = new URLSearchParams({
        error: 'access_denied',
        error_description: 'AADSTS65004: User declined to consent to access the app.',
        state: url.searchParams.get('state') ?? '',
      }).toString();
      await route.fulfill({ status: 302, headers: { location: back.href } });
    });
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
});
