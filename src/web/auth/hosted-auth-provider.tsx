import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { ActionButton } from '../components/status-parts.tsx';
import { useNotify } from '../components/notifications.tsx';
import type { M365Host } from '../host/detect-host.ts';
import { useHost } from '../host/host-context.tsx';
import { ApiError, errorMessage } from '../lib/api-client.ts';
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
  const notify = useNotify();
  const { notifyExpectedFailure } = useHost();
  const [asking, setAsking] = useState(false);
  const needsConsent = error instanceof SignInError && error.kind === 'consent';

  // Every failure here shows a way forward (Allow access, Try again): an expected failure keeps it on screen,
  // where notifyFailure would have the host cover the tab with its own error page.
  useEffect(() => {
    notifyExpectedFailure({ reason: needsConsent ? 'permission' : 'other', message: errorMessage(error) });
  }, [needsConsent, error, notifyExpectedFailure]);
  const hostName = host.kind === 'sharepoint' ? 'SharePoint' : 'Teams';
  const retry = <ActionButton onClick={onRetry}>Try again</ActionButton>;

  if (needsConsent) {
    const allow = () => {
      setAsking(true);
      requestConsent()
        .then(onRetry, (consentError: unknown) => notify.error('Access was not allowed', errorMessage(consentError)))
        .finally(() => setAsking(false));
    };
    return (
      <FullPageStatus
        title="Company Calendar needs your permission"
        detail={`To show your organisation's calendars, Company Calendar signs you in with your Microsoft 365 account. Allow it once and ${hostName} will not ask again. If you are not allowed to, ask your IT admin to approve Company Calendar.`}
        action={
          <>
            <ActionButton primary onClick={allow} disabled={asking}>
              Allow access
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
        title="You could not be signed in"
        detail={`${hostName} did not sign you in to Company Calendar (${errorMessage(error)}). Check that you are signed in to ${hostName} and online, then try again. If this keeps happening, ask your IT admin whether Company Calendar is allowed in your organisation.`}
        action={retry}
      />
    );
  }
  return <FullPageStatus title="Company Calendar could not start" detail={errorMessage(error)} action={retry} />;
}
