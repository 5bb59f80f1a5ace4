import { Avatar, Body1, CompoundButton, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl, type IntlShape } from 'react-intl';
import type { DevelopmentAuthConfig } from '../../shared/user.ts';
import { AUTH_MESSAGES, DEV_USER_MESSAGES } from './auth-messages.ts';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
  },
  users: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalM,
    width: 'min(100%, 420px)',
  },
  user: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', maxWidth: 'none' },
});

/** A demo user's description in the user's language; one the app does not know keeps the server's words. */
function describe(user: DevelopmentAuthConfig['devUsers'][number], intl: IntlShape): string {
  const message = Object.hasOwn(DEV_USER_MESSAGES, user.id) ? DEV_USER_MESSAGES[user.id as keyof typeof DEV_USER_MESSAGES] : null;
  return message ? intl.formatMessage(message) : user.description;
}

/** Development sign-in: pick one of the server's demo users. */
export function DevSignInScreen({ users, onSignIn }: { users: DevelopmentAuthConfig['devUsers']; onSignIn: (userId: string) => void }) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <main className={styles.root}>
      <Title2 as="h1">{intl.formatMessage(AUTH_MESSAGES.signInTitle)}</Title2>
      <Body1>{intl.formatMessage(AUTH_MESSAGES.devSignInHint)}</Body1>
      <ul className={styles.users}>
        {users.map((user) => (
          <li key={user.id}>
            <CompoundButton
              className={styles.user}
              icon={<Avatar name={user.name} color="colorful" aria-hidden />}
              secondaryContent={describe(user, intl)}
              onClick={() => onSignIn(user.id)}
              data-user-id={user.id}
            >
              {user.name}
            </CompoundButton>
          </li>
        ))}
      </ul>
    </main>
  );
}
