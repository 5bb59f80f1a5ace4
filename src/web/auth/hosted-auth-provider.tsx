import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { ActionButton } from '../components/status-parts.tsx';
import { useNotify } from '../components/notifications.tsx';
import type { M365Host } from '../host/detect-host.ts';
import { useHost } from '../host/host-context.tsx';
import { HOST_MESSAGES } from '../host/host-messages.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-message.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { AuthSession } from './auth-session.tsx';
import { SignInError } from './sign-in-error.ts';
import type { EntraAuthConfig } from './msal-configuration.ts';
import { createHostSignIn } from './teams-token-source.ts';

/** Whether an error means the user could not be signed in (rather than, say, the server being down). */
function isSignInFailure(error: unknown): boolean {
  return error instanceof SignInError || (error instanceof ApiError && (error.status === 401 || error.status === 403));
}

/** Single sign-on in Teams and SharePoint: never a sign-in screen of our own, only the host's consent when needed. */
export function HostedAuthProvider({ host, entra, children }: { host: M365Host; entra: EntraAuthConfig; children: ReactNode }) {
  const { getAccessToken, requestConsent } = useMemo(() => createHostSignIn(host, entra), [host, entra]);
  return (
    <AuthSession
      sessionKey={`${host.kind}:${host.context.user?.id ?? ''}`}
      getAccessToken={getAccessToken}
      signOut={null}
      requestConsent={requestConsent}
      renderFailure={({ error, retry }) => <HostedSignInFailure host={host} error={error} requestConsent={requestConsent} onRetry={retry} />}
    >
      {children}
    </AuthSession>
  );
}

/** What went wrong, what to do about it, and a way to try again. */
function HostedSignInFailure({
  host,
  error,
  requestConsent,
  onRetry,
}: {
  host: M365Host;
  error: unknown;
  requestConsent(): Promise<void>;
  onRetry(): void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const { notifyExpectedFailure } = useHost();
  const [asking, setAsking] = useState(false);
  const needsConsent = error instanceof SignInError && error.kind === 'consent';

  // Every failure here shows a way forward (Allow access, Try again): an expected failure keeps it on screen,
  // where notifyFailure would have the host cover the tab with its own error page.
  useEffect(() => {
    notifyExpectedFailure({ reason: needsConsent ? 'permission' : 'other', message: errorMessage(error, intl) });
  }, [needsConsent, error, notifyExpectedFailure, intl]);
  const hostName = host.kind === 'sharepoint' ? 'SharePoint' : 'Teams';
  const retry = <ActionButton onClick={onRetry}>{intl.formatMessage(COMMON_MESSAGES.tryAgain)}</ActionButton>;

  if (needsConsent) {
    const allow = () => {
      setAsking(true);
      requestConsent()
        .then(onRetry, (consentError: unknown) => notify.error(intl.formatMessage(AUTH_MESSAGES.accessNotAllowed), errorMessage(consentError, intl)))
        .finally(() => setAsking(false));
    };
    return (
      <FullPageStatus
        title={intl.formatMessage(AUTH_MESSAGES.needsPermission)}
        detail={intl.formatMessage(AUTH_MESSAGES.needsPermissionDetail, { host: hostName })}
        action={
          <>
            <ActionButton primary onClick={allow} disabled={asking}>
              {intl.formatMessage(AUTH_MESSAGES.allowAccess)}
            </ActionButton>
            {retry}
          </>
        }
      />
    );
  }
  if (isSignInFailure(error)) {
    return (
      <FullPageStatus
        title={intl.formatMessage(AUTH_MESSAGES.couldNotSignIn)}
        detail={intl.formatMessage(AUTH_MESSAGES.couldNotSignInDetail, { host: hostName, reason: errorMessage(error, intl) })}
        action={retry}
      />
    );
  }
  return <FullPageStatus title={intl.formatMessage(HOST_MESSAGES.couldNotStart)} detail={errorMessage(error, intl)} action={retry} />;
}
