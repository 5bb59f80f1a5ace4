import type { ProductionAuthConfig } from '../../shared/user.ts';
import type { M365Host } from '../host/detect-host.ts';
import type { GetAccessToken } from '../lib/api-client.ts';
import { createCachedTokenSource } from './cached-token-source.ts';
import { SignInError } from './sign-in-error.ts';

export type EntraAuthConfig = NonNullable<ProductionAuthConfig['entra']>;

// getAuthToken fails with a reason string; these say the user or an admin has yet to consent.
const CONSENT_REASONS = /consent|interaction_?required|invalid_grant/i;

/** The expiry of a token from its exp claim, unverified: the API verifies it. */
function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Not a JWT we can read: ask the host again next time.
  }
  return Date.now();
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Teams and SharePoint single sign-on through teams-js: the host hands out a token for the app's API, no prompt. */
function createGetAuthTokenSource(host: M365Host): GetAccessToken {
  return createCachedTokenSource(async () => {
    let accessToken: string;
    try {
      accessToken = await host.sdk.authentication.getAuthToken();
    } catch (error) {
      const reason = reasonOf(error);
      throw new SignInError(CONSENT_REASONS.test(reason) ? 'consent' : 'failed', reason);
    }
    return { accessToken, expiresOn: tokenExpiry(accessToken) };
  });
}

/**
 * Tokens for the API in a Microsoft 365 host: nested app authentication where the host recommends it
 * (MSAL, loaded only then), teams-js getAuthToken otherwise.
 */
export function createHostTokenSource(host: M365Host, entra: EntraAuthConfig): GetAccessToken {
  if (!host.sdk.nestedAppAuth.isNAAChannelRecommended()) return createGetAuthTokenSource(host);
  const nested = import('./nested-app-token-source.ts').then(({ createNestedAppTokenSource }) =>
    createNestedAppTokenSource(entra, host.context.user?.loginHint),
  );
  return async (options) => (await nested)(options);
}

/** Where Teams's consent popup starts: the app's own page, which signs in with MSAL and hands the token back. */
export const CONSENT_START_PATH = '/auth-start';

/** Asks for consent interactively, in a popup the host opens (it must follow a click). */
export async function requestConsent(host: M365Host): Promise<void> {
  try {
    await host.sdk.authentication.authenticate({ url: new URL(CONSENT_START_PATH, window.location.origin).href, width: 600, height: 535 });
  } catch (error) {
    throw new SignInError('consent', reasonOf(error));
  }
}
