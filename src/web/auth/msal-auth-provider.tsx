import { EventType, InteractionRequiredAuthError, InteractionStatus, PublicClientApplication, type AccountInfo } from '@azure/msal-browser';
import { MsalProvider, useMsal } from '@azure/msal-react';
import { Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { type GetAccessToken } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-message.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { AuthSession } from './auth-session.tsx';
import type { ProductionAuthConfig } from '../../shared/user.ts';
import { standaloneMsalSetup, type MsalSetup } from './msal-configuration.ts';
import { removeUserQueries } from './remove-user-queries.ts';

/** The standalone site's sign-in: MSAL with redirects, against Entra ID or any OpenID Connect provider. */
export function MsalAuthProvider({ config, children }: { config: ProductionAuthConfig; children: ReactNode }) {
  const [setup] = useState(() => standaloneMsalSetup(config));
  const intl = useIntl();
  if (setup === null) {
    return <FullPageStatus title={intl.formatMessage(AUTH_MESSAGES.notSetUp)} detail={intl.formatMessage(AUTH_MESSAGES.notConfiguredSite)} />;
  }
  return <MsalClient setup={setup}>{children}</MsalClient>;
}

function MsalClient({ setup, children }: { setup: MsalSetup; children: ReactNode }) {
  const [instance] = useState(() => new PublicClientApplication(setup.configuration));
  return (
    <MsalProvider instance={instance}>
      <MsalSignIn scopes={setup.scopes}>{children}</MsalSignIn>
    </MsalProvider>
  );
}

function MsalSignIn({ scopes, children }: { scopes: string[]; children: ReactNode }) {
  const { instance, accounts, inProgress } = useMsal();
  const intl = useIntl();
  const [signInError, setSignInError] = useState<unknown>(null);
  const account = instance.getActiveAccount() ?? accounts[0] ?? null;

  // A sign-in that came back with an error (cancelled, refused): MsalProvider swallows it; the user should hear of it.
  // Registered before MsalProvider reads the redirect's answer, as a child's effects run before its parent's.
  useEffect(() => {
    const callbackId = instance.addEventCallback((message) => {
      if (message.eventType === EventType.ACQUIRE_TOKEN_FAILURE) setSignInError(message.error);
    });
    return () => {
      if (callbackId) instance.removeEventCallback(callbackId);
    };
  }, [instance]);

  // MSAL is starting or reading a redirect's answer: whether someone is signed in is not known yet.
  if (inProgress === InteractionStatus.Startup || inProgress === InteractionStatus.HandleRedirect) {
    return <FullPageStatus loading title={intl.formatMessage(AUTH_MESSAGES.signingIn)} />;
  }
  if (account === null) {
    const signIn = () => {
      setSignInError(null);
      instance.loginRedirect({ scopes }).catch(setSignInError);
    };
    return (
      <FullPageStatus
        title={intl.formatMessage(AUTH_MESSAGES.signInTitle)}
        detail={
          signInError
            ? intl.formatMessage(AUTH_MESSAGES.signInDidNotWork, { reason: errorMessage(signInError, intl) })
            : intl.formatMessage(AUTH_MESSAGES.signInPrompt)
        }
        action={
          <Button appearance="primary" onClick={signIn} disabled={inProgress !== InteractionStatus.None}>
            {intl.formatMessage(AUTH_MESSAGES.signIn)}
          </Button>
        }
      />
    );
  }
  return (
    // Keyed by account, so another sign-in starts with a fresh token source.
    <MsalSession key={account.homeAccountId} account={account} scopes={scopes}>
      {children}
    </MsalSession>
  );
}

function MsalSession({ account, scopes, children }: { account: AccountInfo; scopes: string[]; children: ReactNode }) {
  const { instance } = useMsal();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { homeAccountId } = account;
  // By the account's id, not the object: MSAL hands out a new one on every cache change, and a new token function
  // would make new API clients all over the app.
  const getAccessToken = useMemo<GetAccessToken>(() => {
    // One redirect for every request that finds the session over; a second would fail with interaction_in_progress.
    let redirecting: Promise<void> | null = null;
    return async ({ forceRefresh = false } = {}) => {
      const current = instance.getAccount({ homeAccountId }) ?? undefined;
      try {
        // From MSAL's cache, or renewed with the refresh token: no prompt.
        return (await instance.acquireTokenSilent({ scopes, account: current, forceRefresh })).accessToken;
      } catch (error) {
        if (!(error instanceof InteractionRequiredAuthError)) throw error;
        // The session with the provider is over: sign in again, and come back here.
        redirecting ??= instance.acquireTokenRedirect({ scopes, account: current }).catch((redirectError: unknown) => {
          redirecting = null;
          throw redirectError;
        });
        await redirecting;
        throw error;
      }
    };
  }, [instance, scopes, homeAccountId]);
  // A popup from the user's click: the API's scope again, with the new ones to consent to alongside.
  const requestConsent = useCallback(
    async (extraScopes: string[]) => {
      const current = instance.getAccount({ homeAccountId }) ?? undefined;
      await instance.acquireTokenPopup({ scopes, account: current, extraScopesToConsent: extraScopes });
    },
    [instance, scopes, homeAccountId],
  );
  const signOut = useCallback(() => {
    removeUserQueries(queryClient);
    const current = instance.getAccount({ homeAccountId });
    // The ID token tells the provider which app signs out, so it may send the user back here.
    void instance.logoutRedirect({ account: current, idTokenHint: current?.idToken });
  }, [queryClient, instance, homeAccountId]);
  return (
    <AuthSession
      sessionKey={homeAccountId}
      getAccessToken={getAccessToken}
      signOut={signOut}
      requestConsent={requestConsent}
      renderFailure={({ error, retry }) => (
        <FullPageStatus
          title={intl.formatMessage(AUTH_MESSAGES.signInFailed)}
          detail={errorMessage(error, intl)}
          action={
            <>
              <Button appearance="primary" onClick={retry}>
                {intl.formatMessage(COMMON_MESSAGES.tryAgain)}
              </Button>
              <Button onClick={signOut}>{intl.formatMessage(AUTH_MESSAGES.signOut)}</Button>
            </>
          }
        />
      )}
    >
      {children}
    </AuthSession>
  );
}
