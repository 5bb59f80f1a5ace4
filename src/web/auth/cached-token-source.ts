import type { GetAccessToken } from '../lib/api-client.ts';

export interface ExpiringToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresOn: number;
}

// Renew a little before expiry, so a request never leaves with a token that lapses on the way.
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

/** Where a token source may start from and keep its tokens beyond memory. */
export interface TokenKeeping {
  /** A token kept from before (another visit): used while it is good. */
  initial?: ExpiringToken | null;
  /** Each new token, to keep. */
  onToken?(token: ExpiringToken): void;
}

/** Keeps a token in memory until near its expiry; concurrent callers share one request for a new one. */
export function createCachedTokenSource(requestToken: () => Promise<ExpiringToken>, { initial = null, onToken }: TokenKeeping = {}): GetAccessToken {
  let current = initial;
  let pending: Promise<ExpiringToken> | null = null;
  return async ({ forceRefresh = false } = {}) => {
    if (!forceRefresh && current && current.expiresOn - Date.now() > RENEW_BEFORE_EXPIRY_MS) return current.accessToken;
    pending ??= requestToken()
      .then((token) => {
        onToken?.(token);
        return (current = token);
      })
      .finally(() => (pending = null));
    return (await pending).accessToken;
  };
}
