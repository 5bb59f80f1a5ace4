import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { useRegionalSettings } from '../host/regional-settings.tsx';
import { createApiClient, type GetAccessToken } from '../lib/api-client.ts';
import { AuthContext, type Auth } from './auth-context.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { useMe } from './get-me.ts';

/** Why the signed-in user's profile could not be loaded, and how to load it again. */
export interface SessionFailure {
  error: unknown;
  retry(): void;
}

/**
 * What every way of signing in shares once it has a token source: the user's profile from the API, "Signing in…"
 * until then, the provider's own failure screen, and the auth context for the app.
 */
export function AuthSession({
  sessionKey,
  getAccessToken,
  signOut,
  requestConsent,
  renderFailure,
  children,
}: {
  /** Tells sessions apart in the cache, so one user's profile never shows for another. */
  sessionKey: string;
  getAccessToken: GetAccessToken;
  signOut: Auth['signOut'];
  requestConsent?: Auth['requestConsent'];
  renderFailure(failure: SessionFailure): ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const api = useMemo(() => createApiClient(getAccessToken), [getAccessToken]);
  const { timeZone, locale } = useRegionalSettings();
  const me = useMe({ api, getAccessToken }, sessionKey, { timeZone, locale });
  const auth = useMemo<Auth | null>(
    () => (me.data ? { me: me.data, getAccessToken, signOut, ...(requestConsent ? { requestConsent } : {}) } : null),
    [me.data, getAccessToken, signOut, requestConsent],
  );

  if (me.isError) return renderFailure({ error: me.error, retry: () => void me.refetch() });
  if (auth === null) return <FullPageStatus loading title={intl.formatMessage(AUTH_MESSAGES.signingIn)} />;
  return <AuthContext value={auth}>{children}</AuthContext>;
}
