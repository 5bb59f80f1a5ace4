import type { app } from '@microsoft/teams-js';
import { loadTeamsSdk, type TeamsSdk } from './teams-sdk.ts';

/**
 * How long a framed app waits for a Teams-like host to answer app.initialize. teams-js itself waits 60 s
 * when nothing answers; real hosts answer in tens of milliseconds, so after this the app runs standalone.
 */
const HOST_INITIALIZE_TIMEOUT_MS = 4_000;

/** The Microsoft 365 hosts. A Teams tab in a channel or a group chat is 'teams-channel'. */
type M365HostKind = 'teams-channel' | 'teams-personal' | 'sharepoint';

export interface M365Host {
  kind: M365HostKind;
  sdk: TeamsSdk;
  context: app.Context;
}

/** Where the app runs. */
export type Host = { kind: 'standalone' } | M365Host;

/** The manifest's personal tab opens the app with ?host=teams-personal. */
const PERSONAL_TAB_HOST_PARAM = 'teams-personal';

/** Which Microsoft 365 host a teams-js context comes from. HostName has no SharePoint: its context does. */
function hostKindOf(context: app.Context, search: string): M365HostKind {
  if (context.sharepoint !== undefined) return 'sharepoint';
  if (context.channel || context.chat || context.meeting) return 'teams-channel';
  if (new URLSearchParams(search).get('host') === PERSONAL_TAB_HOST_PARAM) return 'teams-personal';
  // A configurable tab outside any Teams conversation, with a SharePoint site: a SharePoint page hosts it.
  // (In Teams, sharePointSite describes the team's site, which is why it only counts here.)
  if (context.sharePointSite) return 'sharepoint';
  return 'teams-personal';
}

async function initializeWithin(sdk: TeamsSdk, validMessageOrigins: string[], timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([sdk.app.initialize(validMessageOrigins).then(() => true), timeout]);
  } catch {
    // No parent that speaks teams-js.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// Once per page: a second app.initialize would only return the first one's pending promise. Only a pending or
// settled initialization is kept: when teams-js failed to load, initialize never ran, and a retry loads it again.
let initialization: Promise<TeamsSdk | null> | null = null;

function initializeOnce(validMessageOrigins: string[]): Promise<TeamsSdk | null> {
  initialization ??= loadTeamsSdk()
    .catch((error: unknown) => {
      initialization = null;
      throw error;
    })
    .then(async (sdk) => ((await initializeWithin(sdk, validMessageOrigins, HOST_INITIALIZE_TIMEOUT_MS)) ? sdk : null));
  return initialization;
}

/** Where the app runs: a top-level window is standalone at once; a framed one asks its host through teams-js. */
/** The host when the page is not in a frame, known at once; undefined in a frame, where it takes asking. */
export function unframedHost(): Host | undefined {
  return window.parent === window ? { kind: 'standalone' } : undefined;
}

export async function detectHost(validMessageOrigins: string[]): Promise<Host> {
  const unframed = unframedHost();
  if (unframed) return unframed;
  const sdk = await initializeOnce(validMessageOrigins);
  if (sdk === null) return { kind: 'standalone' };
  const context = await sdk.app.getContext();
  return { kind: hostKindOf(context, window.location.search), sdk, context };
}
