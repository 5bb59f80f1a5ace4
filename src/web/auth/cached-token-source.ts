import type { GetAccessToken } from '../lib/api-client.ts';

interface ExpiringToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresOn: number;
}

// Renew a little before expiry, so a request never leaves with a token that lapses on the way.
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

/** Keeps a token in memory until near its expiry; concurrent callers share one request for a new one. */
export function createCachedTokenSource(requestToken: () => Promise<ExpiringToken>): GetAccessToken {
  let current: ExpiringToken | null = null;
  let pending: Promise<ExpiringToken> | null = null;
  return async ({ forceRefresh = false } = {}) => {
    if (!forceRefresh && current && current.expiresOn - Date.now() > RENEW_BEFORE_EXPIRY_MS) return current.accessToken;
    pending ??= requestToken()
      .then((token) => (current = token))
      .finally(() => (pending = null));
    return (await pending).accessToken;
  };
}
