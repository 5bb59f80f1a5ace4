import type { ClientConfig } from '../../shared/user.ts';
import type { GetAccessToken } from '../lib/api-client.ts';
import { startFirstLoad } from '../lib/first-load.ts';
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

/**
 * Before React renders: a session that needs nobody to act (a remembered demo user) starts its token and the first
 * screen's requests now. Other sessions start them as soon as they have a token source (AuthSession).
 */
export function resumeSession(clientConfig: Promise<ClientConfig>): void {
  clientConfig.then(
    ({ auth }) => {
      const userId = rememberedDevUser();
      if (auth.mode !== 'development' || !auth.devUsers.some((user) => user.id === userId) || userId === null) return;
      resumed = { userId, getAccessToken: createDevTokenSource(userId) };
      // The token leaves before the zone is read: the page's first use of Intl is slow, and the requests wait on it.
      resumed.getAccessToken().catch(() => undefined);
      // The host's locale is not known yet in a frame; a guess that misses costs the view one request of its own.
      startFirstLoad(resumed.getAccessToken, { timeZone: browserTimeZone(), locale: navigator.language });
    },
    // The config's own query reports its failure.
    () => undefined,
  );
}

/** The token source resumeSession made for this demo user, if it made one. */
export function resumedDevTokenSource(userId: string): GetAccessToken | null {
  return resumed?.userId === userId ? resumed.getAccessToken : null;
}
