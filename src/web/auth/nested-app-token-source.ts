import { createNestablePublicClientApplication, InteractionRequiredAuthError, type AuthenticationResult } from '@azure/msal-browser';
import type { HostSignIn } from './host-sign-in.ts';
import { nestedAppMsalSetup, type EntraAuthConfig } from './msal-configuration.ts';
import { reasonOf, SignInError } from './sign-in-error.ts';

/**
 * Nested app authentication: MSAL asks the host (Teams, Outlook, Microsoft 365) for tokens. Silently only: when
 * the user must consent, the tab says so and prompts through the host from the user's click (requestConsent).
 */
export async function createNestedAppSignIn(entra: EntraAuthConfig, loginHint: string | undefined): Promise<HostSignIn> {
  const { configuration, scopes } = nestedAppMsalSetup(entra);
  const msal = await createNestablePublicClientApplication(configuration);
  const remember = (result: AuthenticationResult) => {
    msal.setActiveAccount(result.account);
    return result.accessToken;
  };
  // The first screen's requests ask at once: they share one sign-in through the host, after which MSAL's cache answers.
  let signingIn: Promise<AuthenticationResult> | null = null;
  const signInSilently = () => (signingIn ??= msal.ssoSilent({ scopes, loginHint }).finally(() => (signingIn = null)));
  return {
    async getAccessToken({ forceRefresh = false } = {}) {
      const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
      try {
        return remember(account ? await msal.acquireTokenSilent({ scopes, account, forceRefresh }) : await signInSilently());
      } catch (error) {
        throw new SignInError(error instanceof InteractionRequiredAuthError ? 'consent' : 'failed', reasonOf(error));
      }
    },
    async requestConsent(extraScopes) {
      try {
        // Further scopes are asked for as such: the host prompts for what the token it hands out needs.
        remember(await msal.acquireTokenPopup({ scopes: extraScopes ?? scopes, loginHint }));
      } catch (error) {
        throw new SignInError('consent', reasonOf(error));
      }
    },
  };
}
