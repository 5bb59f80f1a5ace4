import { Link } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { FullPageStatus } from '../../components/full-page-status.tsx';
import { SHELL_MESSAGES } from '../shell-messages.ts';

/** A path that is none of the app's pages (the server answered it with a 404): say so, and lead home. */
export function NotFoundPage() {
  const intl = useIntl();
  return (
    <FullPageStatus
      title={intl.formatMessage(SHELL_MESSAGES.notFoundTitle)}
      detail={intl.formatMessage(SHELL_MESSAGES.notFoundDetail)}
      action={<Link href="/">{intl.formatMessage(SHELL_MESSAGES.goHome)}</Link>}
    />
  );
}
