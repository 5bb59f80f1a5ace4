import { Avatar, Body1, CompoundButton, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { DevelopmentAuthConfig } from '../../shared/user.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';

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
              secondaryContent={user.description}
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
