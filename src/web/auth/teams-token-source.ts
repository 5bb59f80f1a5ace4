import type { M365Host } from '../host/detect-host.ts';
import type { GetAccessToken } from '../lib/api-client.ts';
import { createCachedTokenSource } from './cached-token-source.ts';
import type { HostSignIn } from './host-sign-in.ts';
import type { EntraAuthConfig } from './msal-configuration.ts';
import { reasonOf, SignInError } from './sign-in-error.ts';

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

/** Where Teams's consent popup starts: the app's own page, which signs in with MSAL and hands the token back. */
export const CONSENT_START_PATH = '/auth-start';

/** The consent page's parameter naming further scopes to consent to (space-separated), e.g. Microsoft Graph's. */
export const CONSENT_SCOPES_PARAM = 'consent';

/** Asks for consent in a popup Teams opens (authentication.authenticate), then getAuthToken succeeds. */
async function requestTeamsConsent(host: M365Host, extraScopes: string[] = []): Promise<void> {
  const url = new URL(CONSENT_START_PATH, window.location.origin);
  if (extraScopes.length > 0) url.searchParams.set(CONSENT_SCOPES_PARAM, extraScopes.join(' '));
  try {
    await host.sdk.authentication.authenticate({ url: url.href, width: 600, height: 535 });
  } catch (error) {
    throw new SignInError('consent', reasonOf(error));
  }
}

/**
 * Nested app authentication where the host recommends it (MSAL, loaded only then), teams-js getAuthToken
 * otherwise. Consent goes through the same channel as the tokens, so the token that follows it is there.
 */
export function createHostSignIn(host: M365Host, entra: EntraAuthConfig): HostSignIn {
  if (!host.sdk.nestedAppAuth.isNAAChannelRecommended()) {
    return { getAccessToken: createGetAuthTokenSource(host), requestConsent: (extraScopes) => requestTeamsConsent(host, extraScopes) };
  }
  // Loaded once; a failed load (a chunk that did not download, MSAL failing to start) is forgotten, so that
  // "Try again" loads it again.
  let nested: Promise<HostSignIn> | null = null;
  const nestedSignIn = () =>
    (nested ??= import('./nested-app-token-source.ts')
      .then(({ createNestedAppSignIn }) => createNestedAppSignIn(entra, host.context.user?.loginHint))
      .catch((error: unknown) => {
        nested = null;
        throw error;
      }));
  return {
    getAccessToken: async (options) => (await nestedSignIn()).getAccessToken(options),
    requestConsent: async (extraScopes) => (await nestedSignIn()).requestConsent(extraScopes),
  };
}
