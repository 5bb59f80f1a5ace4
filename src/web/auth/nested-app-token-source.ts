import { createNestablePublicClientApplication, InteractionRequiredAuthError, type AuthenticationResult } from '@azure/msal-browser';
import type { GetAccessToken } from '../lib/api-client.ts';
import { SignInError } from './sign-in-error.ts';
import type { EntraAuthConfig } from './teams-token-source.ts';

/** Nested app authentication: MSAL asks the host (Teams, Outlook, Microsoft 365) for tokens; the host prompts if it must. */
export async function createNestedAppTokenSource(entra: EntraAuthConfig, loginHint: string | undefined): Promise<GetAccessToken> {
  const msal = await createNestablePublicClientApplication({ auth: { clientId: entra.clientId, authority: entra.authority } });
  const scopes = [entra.apiScope];
  const remember = (result: AuthenticationResult) => {
    msal.setActiveAccount(result.account);
    return result.accessToken;
  };
  return async ({ forceRefresh = false } = {}) => {
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
    try {
      return remember(account ? await msal.acquireTokenSilent({ scopes, account, forceRefresh }) : await msal.ssoSilent({ scopes, loginHint }));
    } catch (error) {
      if (!(error instanceof InteractionRequiredAuthError)) throw new SignInError('failed', error instanceof Error ? error.message : String(error));
    }
    try {
      return remember(await msal.acquireTokenPopup({ scopes, loginHint }));
    } catch (error) {
      throw new SignInError('consent', error instanceof Error ? error.message : String(error));
    }
  };
}
