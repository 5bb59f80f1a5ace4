import type { ClientConfig } from '../../shared/user.ts';
import type { GetAccessToken } from '../lib/api-client.ts';
import { discardFirstLoad, startFirstLoad } from '../lib/first-load.ts';
import { keptClientConfig } from '../lib/get-client-config.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { createDevTokenSource } from './request-dev-token.ts';

/** Where development sign-in remembers its user, as JSON. */
export const DEV_USER_KEY = 'company-calendar:dev-user';

let resumed: { userId: string; getAccessToken: GetAccessToken } | null = null;

function rememberedDevUser(): string | null {
  try {
    const userId: unknown = JSON.parse(window.localStorage.getItem(DEV_USER_KEY) ?? 'null');
    return typeof userId === 'string' ? userId : null;
  } catch {
    // No storage, or not ours: nothing to resume.
    return null;
  }
}

function resumableDevUser({ auth }: ClientConfig): string | null {
  const userId = rememberedDevUser();
  return auth.mode === 'development' && auth.devUsers.some((user) => user.id === userId) ? userId : null;
}

/**
 * Starts the remembered user's first screen: the token first (the page's first use of Intl, for the zone, is slow),
 * then the requests that wait on it. Once per user.
 */
function resume(userId: string): void {
  if (resumed?.userId !== userId) {
    resumed = { userId, getAccessToken: createDevTokenSource(userId) };
    resumed.getAccessToken().catch(() => undefined);
  }
  // The host's locale is not known yet in a frame; a guess that misses costs the view one request of its own.
  startFirstLoad(resumed.getAccessToken, { timeZone: browserTimeZone(), locale: navigator.language });
}

/**
 * Before React renders: a session that needs nobody to act (a remembered demo user) starts its token and the first
 * screen's requests now. Other sessions start them as soon as they have a token source (AuthSession).
 * The config kept from the last visit tells at once whether the user can be resumed, so all of it leaves while the
 * app's code loads; the config that arrives has the last word, and drops what it does not confirm.
 */
export function resumeSession(clientConfig: Promise<ClientConfig>): void {
  const kept = keptClientConfig();
  const keptUserId = kept && resumableDevUser(kept);
  if (keptUserId) resume(keptUserId);
  clientConfig.then(
    (config) => {
      const userId = resumableDevUser(config);
      if (userId !== null) resume(userId);
      else if (resumed !== null) {
        resumed = null;
        discardFirstLoad();
      }
    },
    // The config's own query reports its failure.
    () => undefined,
  );
}

/** The token source resumeSession made for this demo user, if it made one. */
export function resumedDevTokenSource(userId: string): GetAccessToken | null {
  return resumed?.userId === userId ? resumed.getAccessToken : null;
}
