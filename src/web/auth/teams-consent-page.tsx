import { createStandardPublicClientApplication } from '@azure/msal-browser';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ClientConfig } from '../../shared/user.ts';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { loadTeamsSdk } from '../host/teams-sdk.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useClientConfig } from '../lib/use-client-config.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { consentPopupMsalSetup } from './msal-configuration.ts';
import { CONSENT_SCOPES_PARAM } from './teams-token-source.ts';

/** Further scopes the tab asked consent for (incremental consent), kept to those the app's features use. */
function extraScopesAsked(config: ClientConfig): string[] {
  const asked = new URLSearchParams(window.location.search).get(CONSENT_SCOPES_PARAM)?.split(' ') ?? [];
  const known = config.graph?.consentScopes ?? [];
  return asked.filter((scope) => known.includes(scope));
}

/**
 * In Teams's consent popup (authentication.authenticate): sign in with MSAL, which redirects to Entra ID for
 * consent and comes back here, then hand the token to the tab. Runs once per page load.
 */
async function signInForTeams(config: ClientConfig): Promise<void> {
  const sdk = await loadTeamsSdk();
  await sdk.app.initialize(config.host.validMessageOrigins);
  try {
    const entra = config.auth.mode === 'production' ? config.auth.entra : undefined;
    if (!entra) throw new Error('Microsoft 365 sign-in is not configured.');
    const setup = consentPopupMsalSetup(entra);
    const msal = await createStandardPublicClientApplication(setup.configuration);
    const result = await msal.handleRedirectPromise();
    if (result) {
      // No token: the tab asks Teams for its own with getAuthToken once consent is there, and a token handed
      // through the host would only travel further than it needs to.
      sdk.authentication.notifySuccess();
      return;
    }
    const context = await sdk.app.getContext();
    await msal.acquireTokenRedirect({ scopes: setup.scopes, loginHint: context.user?.loginHint, extraScopesToConsent: extraScopesAsked(config) });
  } catch (error) {
    sdk.authentication.notifyFailure(errorMessage(error));
    throw error;
  }
}

let running: Promise<void> | null = null;

export function TeamsConsentPage() {
  // The config HostProvider has fetched already for every page.
  const config = useClientConfig();
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!config.data) return;
    running ??= signInForTeams(config.data);
    running.catch((error: unknown) => setFailure(errorMessage(error, intl)));
  }, [config.data, intl]);
  const failed = config.isError ? errorMessage(config.error, intl) : failure;
  if (failed !== null) {
    return (
      <FullPageStatus
        title={intl.formatMessage(AUTH_MESSAGES.accessNotAllowed)}
        detail={intl.formatMessage(AUTH_MESSAGES.closeAndRetry, { reason: failed })}
      />
    );
  }
  return <FullPageStatus loading title={intl.formatMessage(AUTH_MESSAGES.askingPermission)} />;
}
