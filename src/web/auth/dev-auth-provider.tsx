import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { DevelopmentAuthConfig } from '../../shared/user.ts';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { lazyComponent } from '../components/lazy-component.tsx';
import { ActionButton } from '../components/status-parts.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { useLocalStorageState } from '../lib/use-local-storage-state.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { AuthSession } from './auth-session.tsx';
import { removeUserQueries } from './remove-user-queries.ts';
import { createDevTokenSource, forgetDevToken } from './request-dev-token.ts';
import { DEV_USER_KEY, resumedDevTokenSource } from './resume-session.ts';

// Shown only before a demo user is chosen: its avatars and compound buttons stay out of a returning user's first screen.
const DevSignInScreen = lazyComponent(
  () => import('./dev-sign-in-screen.tsx').then((module) => module.DevSignInScreen),
  DevSignInScreenMissing,
);

function DevSignInScreenMissing() {
  const intl = useIntl();
  return <FullPageStatus title={intl.formatMessage(AUTH_MESSAGES.devScreenLoadFailed)} detail={intl.formatMessage(AUTH_MESSAGES.devScreenLoadFailedDetail)} />;
}

const isUserId = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** Development sign-in: the chosen demo user survives reloads; tokens come from POST /api/dev/token. */
export function DevAuthProvider({ config, children }: { config: DevelopmentAuthConfig; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [userId, setUserId] = useLocalStorageState(DEV_USER_KEY, isUserId, null);
  // Whose data the query cache holds. Another tab may sign in someone else (the choice lives in localStorage):
  // the previous user's data goes before anything renders for the new one, which an effect would do too late.
  const [cachedUserId, setCachedUserId] = useState(userId);
  if (cachedUserId !== userId) {
    removeUserQueries(queryClient);
    setCachedUserId(userId);
  }
  const user = config.devUsers.find((candidate) => candidate.id === userId);
  const signOut = useCallback(() => {
    forgetDevToken();
    setUserId(null);
  }, [setUserId]);
  if (!user) return <DevSignInScreen users={config.devUsers} onSignIn={setUserId} />;
  return (
    // Keyed by user, so a new sign-in starts with a fresh token source.
    <DevSession key={user.id} userId={user.id} onSignOut={signOut}>
      {children}
    </DevSession>
  );
}

function DevSession({ userId, onSignOut, children }: { userId: string; onSignOut: () => void; children: ReactNode }) {
  // The one resumeSession started the first screen's requests with, for the remembered user.
  const getAccessToken = useMemo(() => resumedDevTokenSource(userId) ?? createDevTokenSource(userId), [userId]);
  const intl = useIntl();
  return (
    // DevAuthProvider removes the user's queries when the user changes, signing out included.
    <AuthSession
      sessionKey={userId}
      getAccessToken={getAccessToken}
      signOut={onSignOut}
      renderFailure={({ error }) => (
        <FullPageStatus
          title={intl.formatMessage(AUTH_MESSAGES.signInFailed)}
          detail={errorMessage(error, intl)}
          action={<ActionButton onClick={onSignOut}>{intl.formatMessage(AUTH_MESSAGES.chooseAnotherUser)}</ActionButton>}
        />
      )}
    >
      {children}
    </AuthSession>
  );
}
