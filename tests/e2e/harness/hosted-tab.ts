import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { DEMO_TENANT_ID } from '../../../src/api/auth/dev-identity.ts';
import { startJwksServer, type JwksServer } from '../../api/helpers/jwks-server.ts';
import { blockTeamsCdn, launchBrowser, newContext } from './browser.ts';
import { startHostSimulator, type HostSimulator, type HostSimulatorState, type SimulatedHostContext } from './host-simulator.ts';
import { startServer, type AppServer } from './server.ts';

export const ENTRA_CLIENT_ID = '0c6f7e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
export const APP_ID_URI = `api://calendar.contoso.test/${ENTRA_CLIENT_ID}`;
export const TEAMS_APP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The app in production mode with Entra ID sign-in, a JWKS standing in for Entra's keys, and a Teams-like host. */
export interface HostedTabRig {
  server: AppServer;
  jwks: JwksServer;
  simulator: HostSimulator;
  browser: Browser;
  /** An Entra v2 access token for the API, as Teams's getAuthToken hands out. */
  token(claims?: Record<string, unknown>): Promise<string>;
  /** Eddie's Entra v2 ID token for the app, which Entra hands out with an access token. */
  idToken(claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** `browserArgs`, e.g. --ignore-certificate-errors for a TLS proxy's certificate; `env` adds to the server's. */
export async function startHostedTabRig(browserArgs: string[] = [], env: Record<string, string> = {}): Promise<HostedTabRig> {
  const [jwks, simulator] = await Promise.all([startJwksServer(), startHostSimulator()]);
  const [server, browser] = await Promise.all([
    startServer({
      ENTRA_CLIENT_ID,
      ENTRA_APP_ID_URI: APP_ID_URI,
      ENTRA_JWKS_URI: jwks.url,
      SEED_DEMO_DATA: 'true',
      TRUSTED_HOST_ORIGINS: simulator.origin,
      TEAMS_APP_ID,
      ...env,
    }),
    launchBrowser(browserArgs),
  ]);
  return {
    server,
    jwks,
    simulator,
    browser,
    token: (claims = {}) =>
      jwks.sign({
        iss: `https://login.microsoftonline.com/${DEMO_TENANT_ID}/v2.0`,
        aud: APP_ID_URI,
        tid: DEMO_TENANT_ID,
        // The seeded demo data makes eddie an editor of Company and Engineering.
        oid: 'eddie',
        name: 'Eddie Editor',
        scp: 'access_as_user',
        ver: '2.0',
        ...claims,
      }),
    idToken: (claims = {}) =>
      jwks.sign({
        iss: `https://login.microsoftonline.com/${DEMO_TENANT_ID}/v2.0`,
        aud: ENTRA_CLIENT_ID,
        tid: DEMO_TENANT_ID,
        oid: 'eddie',
        sub: 'eddie-pairwise',
        name: 'Eddie Editor',
        preferred_username: 'eddie@contoso.test',
        ver: '2.0',
        ...claims,
      }),
    async close() {
      await browser.close();
      await Promise.all([server.stop(), jwks.close(), simulator.close()]);
    },
  };
}

/** Teams's legacy context fields for a tab in a channel of a team. */
export function channelContext(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    locale: 'en-us',
    theme: 'default',
    hostName: 'Teams',
    entityId: 'calendar-tab-1',
    channelId: '19:general@thread.tacv2',
    channelName: 'General',
    teamId: '19:team@thread.tacv2',
    teamName: 'Contoso',
    teamSiteUrl: 'https://contoso.sharepoint.com/sites/contoso',
    userObjectId: 'eddie',
    tid: DEMO_TENANT_ID,
    loginHint: 'eddie@contoso.test',
    userPrincipalName: 'eddie@contoso.test',
    ...overrides,
  };
}

export interface OpenTab {
  context: BrowserContext;
  /** Every API request the tab made, with its Authorization header. */
  apiRequests: { path: string; authorization: string | undefined }[];
  page: Page;
  /** The tab inside the host page, for locators. */
  tab: FrameLocator;
  /** The tab's frame, for evaluating in it. */
  frame(): Frame;
  hostState(): Promise<HostSimulatorState>;
  pushTheme(theme: 'default' | 'dark' | 'contrast'): Promise<void>;
  triggerSave(): Promise<void>;
  triggerRemove(): Promise<void>;
  /** Changes what getAuthToken answers from now on. */
  setToken(token: SimulatedHostContext['token']): Promise<void>;
  /** Changes what the nested app authentication bridge answers from now on. */
  setNestedAppAuth(naa: NonNullable<SimulatedHostContext['naa']>): Promise<void>;
}

/**
 * Opens the host page framing the app at `path` (e.g. /?host=teams-personal), in a new browser context.
 * `permissions` are granted to every origin, e.g. clipboard-read to read back what the tab copied; `prepare`
 * runs on the context before the host page loads, e.g. to route requests.
 */
export async function openTab(
  rig: HostedTabRig,
  path: string,
  host: SimulatedHostContext,
  permissions: string[] = [],
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<OpenTab> {
  const context = await newContext(rig.browser, rig.simulator.origin, { permissions });
  await blockTeamsCdn(context);
  await prepare?.(context);
  const page = await context.newPage();
  const apiRequests: OpenTab['apiRequests'] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === rig.server.baseUrl && url.pathname.startsWith('/api/')) {
      apiRequests.push({ path: url.pathname, authorization: request.headers().authorization });
    }
  });
  await page.goto(rig.simulator.pageUrl(new URL(path, rig.server.baseUrl).href, host));
  type HostWindow = {
    hostSimulator: {
      state: HostSimulatorState;
      context: SimulatedHostContext;
      pushTheme(theme: string): void;
      triggerSave(): void;
      triggerRemove(): void;
    };
  };
  const frame = () => {
    const found = page.frames().find((candidate) => candidate !== page.mainFrame());
    if (!found) throw new Error('The host page has no tab frame');
    return found;
  };
  return {
    context,
    apiRequests,
    page,
    tab: page.frameLocator('iframe'),
    frame,
    hostState: () => page.evaluate(() => (window as unknown as HostWindow).hostSimulator.state),
    pushTheme: (theme) => page.evaluate((name) => (window as unknown as HostWindow).hostSimulator.pushTheme(name), theme),
    triggerSave: () => page.evaluate(() => (window as unknown as HostWindow).hostSimulator.triggerSave()),
    triggerRemove: () => page.evaluate(() => (window as unknown as HostWindow).hostSimulator.triggerRemove()),
    setToken: (token) => page.evaluate((answer) => void ((window as unknown as HostWindow).hostSimulator.context.token = answer), token),
    setNestedAppAuth: (naa) => page.evaluate((answers) => void ((window as unknown as HostWindow).hostSimulator.context.naa = answers), naa),
  };
}
