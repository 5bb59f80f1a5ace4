import { apiFetch, type GetAccessToken } from '../lib/api-client.ts';
import { createCachedTokenSource, type ExpiringToken } from './cached-token-source.ts';

interface DevToken {
  accessToken: string;
  expiresOn: string;
}

/**
 * localStorage: the demo user's last token, kept as MSAL keeps the standalone site's (cacheLocation localStorage),
 * so that a returning user's first requests leave without waiting for one. One user's; signing out removes it.
 */
export const DEV_TOKEN_KEY = 'company-calendar:dev-token';

interface KeptDevToken extends ExpiringToken {
  userId: string;
}

export async function requestDevToken(userId: string): Promise<DevToken> {
  return (await apiFetch<DevToken>('/dev/token', { method: 'POST', body: { userId } })).data;
}

function keptDevToken(userId: string): ExpiringToken | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(DEV_TOKEN_KEY) ?? 'null') as Partial<KeptDevToken> | null;
    if (kept?.userId !== userId || typeof kept.accessToken !== 'string' || typeof kept.expiresOn !== 'number') return null;
    return { accessToken: kept.accessToken, expiresOn: kept.expiresOn };
  } catch {
    // No storage, or not ours: a token is asked for.
    return null;
  }
}

function keepDevToken(userId: string, token: ExpiringToken): void {
  try {
    window.localStorage.setItem(DEV_TOKEN_KEY, JSON.stringify({ userId, ...token } satisfies KeptDevToken));
  } catch {
    // No storage: the next visit asks for a token.
  }
}

/** Removes the kept token: on sign-out. */
export function forgetDevToken(): void {
  try {
    window.localStorage.removeItem(DEV_TOKEN_KEY);
  } catch {
    // No storage: nothing was kept.
  }
}

/** A token source for one demo user, starting from the token kept for that user, and keeping each new one. */
export function createDevTokenSource(userId: string): GetAccessToken {
  return createCachedTokenSource(
    async () => {
      const token = await requestDevToken(userId);
      return { accessToken: token.accessToken, expiresOn: Date.parse(token.expiresOn) };
    },
    { initial: keptDevToken(userId), onToken: (token) => keepDevToken(userId, token) },
  );
}
