import { apiFetch, type GetAccessToken } from '../lib/api-client.ts';
import { createCachedTokenSource } from './cached-token-source.ts';

interface DevToken {
  accessToken: string;
  expiresOn: string;
}

export async function requestDevToken(userId: string): Promise<DevToken> {
  return (await apiFetch<DevToken>('/dev/token', { method: 'POST', body: { userId } })).data;
}

/** A token source for one demo user. */
export function createDevTokenSource(userId: string): GetAccessToken {
  return createCachedTokenSource(async () => {
    const token = await requestDevToken(userId);
    return { accessToken: token.accessToken, expiresOn: Date.parse(token.expiresOn) };
  });
}
