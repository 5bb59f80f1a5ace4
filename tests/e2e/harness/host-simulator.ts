import { createServer, type Server } from 'node:http';

/**
 * A Teams / SharePoint host for end-to-end tests: a page on its own loopback origin that frames the tab and
 * answers teams-js's postMessage protocol (initialize, getContext, themeChange, authentication.getAuthToken,
 * settings.* and appInitialization.*). Tests drive it through `window.hostSimulator` in the host page.
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
}

/** What the host saw, read back by tests with page.evaluate(() => window.hostSimulator.state). */
export interface HostSimulatorState {
  calls: { func: string; args: unknown[] }[];
  tokenRequests: { resources: unknown }[];
  validity: boolean | null;
  savedSettings: { entityId?: string; contentUrl?: string; websiteUrl?: string; suggestedDisplayName?: string } | null;
  saveSucceeded: boolean;
  saveFailedReason: string | null;
  notifiedSuccess: boolean;
  failure: { reason?: string; message?: string } | null;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host simulator</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><script>
const params = new URLSearchParams(location.search);
const tabUrl = params.get('tab');
const tabOrigin = new URL(tabUrl).origin;
const context = JSON.parse(params.get('context'));
const state = { calls: [], tokenRequests: [], validity: null, savedSettings: null, saveSucceeded: false, saveFailedReason: null, notifiedSuccess: false, failure: null };
const frame = document.createElement('iframe');
frame.title = 'Company Calendar';
if (context.allowClipboard) frame.allow = 'clipboard-write';
frame.src = tabUrl;
document.body.append(frame);
function send(message) { frame.contentWindow.postMessage(message, tabOrigin); }
window.hostSimulator = {
  state,
  context,
  pushTheme(theme) { context.legacy.theme = theme; send({ func: 'themeChange', args: [theme] }); },
  triggerSave() { send({ func: 'settings.save', args: [] }); },
  triggerRemove() { send({ func: 'settings.remove', args: [] }); },
};
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== tabOrigin) return;
  const message = event.data;
  if (!message || typeof message.func !== 'string') return;
  state.calls.push({ func: message.func, args: message.args });
  if (context.silent) return;
  const reply = (args) => send({ id: message.id, uuidAsString: message.uuidAsString, args });
  switch (message.func) {
    case 'initialize': {
      const runtimeConfig = { apiVersion: 4, supports: Object.assign({ appEntity: {}, pages: { tabs: {}, config: {} }, teamsCore: {}, dialog: { url: {} } }, context.supports || {}) };
      reply([context.frameContext, context.hostClientType || 'web', JSON.stringify(runtimeConfig), '2.58.0']);
      break;
    }
    case 'getContext':
      reply([Object.assign({ frameContext: context.frameContext }, context.legacy)]);
      break;
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
