import { Button, DialogTrigger } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import { COMMON_MESSAGES } from './common-messages.ts';

/** The close (×) button of a dialog's title, named for screen readers: `<DialogTitle action={<DialogCloseAction />}>`. */
export function DialogCloseAction() {
  const intl = useIntl();
  return (
    <DialogTrigger action="close">
      <Button appearance="subtle" aria-label={intl.formatMessage(COMMON_MESSAGES.close)} icon={<Dismiss24Regular />} />
    </DialogTrigger>
  );
}
