import { apiFetch, type GetAccessToken } from '../lib/api-client.ts';

interface DevToken {
  accessToken: string;
  expiresOn: string;
}

export async function requestDevToken(userId: string): Promise<DevToken> {
  return (await apiFetch<DevToken>('/dev/token', { method: 'POST', body: { userId } })).data;
}

// Renew a little before expiry, so a request never leaves with a token that lapses on the way.
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

/** A token source for one demo user: tokens are kept in memory and renewed when near expiry. */
export function createDevTokenSource(userId: string): GetAccessToken {
  let current: DevToken | null = null;
  let pending: Promise<DevToken> | null = null;
  return async ({ forceRefresh = false } = {}) => {
    if (!forceRefresh && current && Date.parse(current.expiresOn) - Date.now() > RENEW_BEFORE_EXPIRY_MS) {
      return current.accessToken;
    }
    // Concurrent callers share one request.
    pending ??= requestDevToken(userId)
      .then((token) => (current = token))
      .finally(() => (pending = null));
    return (await pending).accessToken;
  };
}
