import { createServer, type Server } from 'node:http';

/**
 * A Teams / SharePoint host for end-to-end tests: a page on its own loopback origin that frames the tab and
 * answers teams-js's postMessage protocol (initialize, getContext, themeChange, authentication.getAuthToken,
 * settings.*, appInitialization.*, authentication.authenticate (a popup window, whose own teams-js it answers too)
 * and, when announced, MSAL's nested app authentication bridge). Tests drive it through `window.hostSimulator` in
 * the host page.
 */
export interface HostSimulator {
  origin: string;
  /** The host page framing `tabUrl` with the given context. */
  pageUrl(tabUrl: string, context: SimulatedHostContext): string;
  close(): Promise<void>;
}

export interface SimulatedHostContext {
  frameContext: 'content' | 'settings' | 'remove';
  hostClientType?: 'web' | 'desktop';
  /** The legacy getContext fields teams-js maps to app.Context. */
  legacy: Record<string, unknown>;
  /** What authentication.getAuthToken answers: a token, or a failure reason. */
  token: { ok: true; value: string } | { ok: false; reason: string };
  /** Capabilities announced in the runtime config, e.g. pages.config for the configuration page. */
  supports?: Record<string, unknown>;
  /** Whether the frame may write to the clipboard (Teams's own frames allow it). */
  allowClipboard?: boolean;
  /** A page that frames the tab but is no host: it answers nothing. */
  silent?: boolean;
  /** Nested app authentication: the host recommends it and answers MSAL's bridge requests. */
  naa?: {
    /** What GetToken (silent) answers. */
    token: NestedAppAuthAnswer;
    /** What GetTokenPopup answers, after the host's own prompt. */
    popupToken: NestedAppAuthAnswer;
  };
}

/** Tokens for the signed-in user (the account comes from the legacy context), or a bridge error (BridgeStatusCode). */
export type NestedAppAuthAnswer =
  | { ok: true; accessToken: string; idToken: string }
  | { ok: false; status: string; code?: string; description?: string };

/** A request MSAL sent over the bridge: GetInitContext, GetToken, GetTokenPopup, … */
export interface NestedAppAuthRequest {
  method: string;
  tokenParams?: { clientId?: string; scope?: string; authority?: string };
}

/** What the host saw, read back by tests with page.evaluate(() => window.hostSimulator.state). */
export interface HostSimulatorState {
  calls: { func: string; args: unknown[] }[];
  tokenRequests: { resources: unknown }[];
  naaRequests: NestedAppAuthRequest[];
  validity: boolean | null;
  savedSettings: { entityId?: string; contentUrl?: string; websiteUrl?: string; suggestedDisplayName?: string } | null;
  saveSucceeded: boolean;
  saveFailedReason: string | null;
  notifiedSuccess: boolean;
  /** appInitialization.failure: like Teams, the host then hides the tab behind an error page of its own. */
  failure: { reason?: string; message?: string } | null;
  /** appInitialization.expectedFailure: the tab stays visible. */
  expectedFailure: { reason?: string; message?: string } | null;
  /** The consent popups opened for authentication.authenticate, with what each reported. */
  popups: { url: string; width: number; height: number; result: { ok: boolean; value: string | null } | null }[];
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host simulator</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><script>
const params = new URLSearchParams(location.search);
const tabUrl = params.get('tab');
const tabOrigin = new URL(tabUrl).origin;
const context = JSON.parse(params.get('context'));
const state = { calls: [], tokenRequests: [], naaRequests: [], validity: null, savedSettings: null, saveSucceeded: false, saveFailedReason: null, notifiedSuccess: false, failure: null, expectedFailure: null, popups: [] };
const frame = document.createElement('iframe');
frame.title = 'Company Calendar';
if (context.allowClipboard) frame.allow = 'clipboard-write';
frame.src = tabUrl;
document.body.append(frame);
function send(message) { frame.contentWindow.postMessage(message, tabOrigin); }
// The signed-in user, as the bridge describes their account.
const account = {
  homeAccountId: context.legacy.userObjectId + '.' + context.legacy.tid,
  environment: 'login.microsoftonline.com',
  tenantId: context.legacy.tid,
  localAccountId: context.legacy.userObjectId,
  username: context.legacy.userPrincipalName,
};
function naaResult(request) {
  if (request.method === 'GetInitContext') {
    const { homeAccountId, environment, tenantId } = account;
    return { success: true, initContext: { sdkName: 'host-simulator', sdkVersion: '1.0.0', accountContext: { homeAccountId, environment, tenantId }, capabilities: { queryAccount: false } } };
  }
  const answer = request.method === 'GetToken' ? context.naa.token : request.method === 'GetTokenPopup' ? context.naa.popupToken : { ok: false, status: 'PERSISTENT_ERROR', description: 'Not simulated: ' + request.method };
  if (!answer.ok) return { success: false, error: { status: answer.status, code: answer.code, description: answer.description } };
  const { exp } = JSON.parse(atob(answer.accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  const token = { access_token: answer.accessToken, id_token: answer.idToken, token_type: 'Bearer', scope: request.tokenParams.scope, expires_in: exp - Math.floor(Date.now() / 1000) };
  return { success: true, token, account };
}
window.hostSimulator = {
  state,
  context,
  pushTheme(theme) { context.legacy.theme = theme; send({ func: 'themeChange', args: [theme] }); },
  triggerSave() { send({ func: 'settings.save', args: [] }); },
  triggerRemove() { send({ func: 'settings.remove', args: [] }); },
};
// The consent popup: its window, and how to answer the tab's authentication.authenticate once it reports.
let popup = null;
function popupMessage(message, reply) {
  switch (message.func) {
    case 'initialize':
      reply(['authentication', context.hostClientType || 'web', JSON.stringify({ apiVersion: 4, supports: {} }), '2.58.0']);
      break;
    case 'getContext':
      reply([Object.assign({}, context.legacy, { frameContext: 'authentication' })]);
      break;
    case 'authentication.authenticate.success':
    case 'authentication.authenticate.failure': {
      const ok = message.func === 'authentication.authenticate.success';
      state.popups.at(-1).result = { ok, value: message.args[0] ?? null };
      popup.answer([ok, message.args[0]]);
      popup.window.close();
      break;
    }
  }
}
window.addEventListener('message', (event) => {
  if (event.origin !== tabOrigin) return;
  const message = event.data;
  if (!message || typeof message.func !== 'string') return;
  const reply = (args) => event.source.postMessage({ id: message.id, uuidAsString: message.uuidAsString, args }, tabOrigin);
  if (popup && event.source === popup.window) return popupMessage(message, reply);
  if (event.source !== frame.contentWindow) return;
  state.calls.push({ func: message.func, args: message.args });
  if (context.silent) return;
  switch (message.func) {
    case 'authentication.authenticate': {
      // teams-js sends [url, width, height, isExternal]; the user's click in the tab lets this page open a popup.
      const [url, width, height] = message.args;
      state.popups.push({ url, width, height, result: null });
      popup = { window: window.open(url, 'consent', 'width=' + width + ',height=' + height), answer: reply };
      break;
    }
    case 'initialize': {
      const supports = Object.assign({ appEntity: {}, pages: { tabs: {}, config: {} }, teamsCore: {}, dialog: { url: {} } }, context.naa ? { nestedAppAuth: {} } : {}, context.supports || {});
      const runtimeConfig = JSON.stringify(Object.assign({ apiVersion: 4, supports }, context.naa ? { isNAAChannelRecommended: true } : {}));
      // teams-js installs window.nestedAppAuthBridge only from a runtime config in the last place, the order Teams
      // itself sends (it accepts either order for everything else).
      reply(context.naa ? [context.frameContext, context.hostClientType || 'web', '2.58.0', runtimeConfig] : [context.frameContext, context.hostClientType || 'web', runtimeConfig, '2.58.0']);
      break;
    }
    case 'getContext':
      reply([Object.assign({ frameContext: context.frameContext }, context.legacy)]);
      break;
    case 'nestedAppAuth.execute': {
      // MSAL's request is a JSON string; the answer goes in args[1], as a JSON string too.
      const request = JSON.parse(message.data);
      state.naaRequests.push({ method: request.method, tokenParams: request.tokenParams });
      const response = Object.assign({ messageType: 'NestedAppAuthResponse', requestId: request.requestId }, naaResult(request));
      reply([null, JSON.stringify(response)]);
      break;
    }
    case 'authentication.getAuthToken':
      state.tokenRequests.push({ resources: message.args && message.args[0] });
      reply(context.token.ok ? [true, context.token.value] : [false, context.token.reason]);
      break;
    case 'settings.setValidityState':
      state.validity = message.args[0];
      break;
    case 'settings.setSettings':
      state.savedSettings = message.args[0];
      reply([true]);
      break;
    case 'settings.save.success':
      state.saveSucceeded = true;
      break;
    case 'settings.save.failure':
      state.saveFailedReason = message.args[0] || 'unknown';
      break;
    case 'appInitialization.success':
      state.notifiedSuccess = true;
      reply([]);
      break;
    case 'appInitialization.failure':
      // teams-js sends [reason, message, authHeader].
      state.failure = { reason: message.args[0], message: message.args[1] };
      // Teams shows its own error page in place of the app: whatever the tab offers is out of reach.
      frame.style.display = 'none';
      document.body.insertAdjacentHTML('beforeend', '<main role="alert"><h1>This app could not load</h1></main>');
      reply([]);
      break;
    case 'appInitialization.expectedFailure':
      // teams-js sends [reason, message].
      state.expectedFailure = { reason: message.args[0], message: message.args[1] };
      reply([]);
      break;
    case 'registerHandler':
    case 'appInitialization.appLoaded':
      break;
    default:
      reply([]);
  }
});
</script></body></html>`;

export async function startHostSimulator(): Promise<HostSimulator> {
  const server: Server = createServer((request, response) => {
    if (!request.url?.startsWith('/host')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    pageUrl: (tabUrl, context) => `${origin}/host?${new URLSearchParams({ tab: tabUrl, context: JSON.stringify(context) })}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
