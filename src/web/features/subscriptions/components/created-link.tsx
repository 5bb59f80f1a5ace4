import { Body1, Button, Field, Input, Link, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarAdd20Regular, Copy20Regular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { CreatedSubscription } from '../../../../shared/subscription-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useOpenLink } from '../../../host/open-link.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { outlookSubscribeUrl, webcalUrl } from '../lib/subscribe-links.ts';
import { SUBSCRIPTIONS_MESSAGES as M } from '../lib/subscriptions-messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  // In forced colours the high-contrast theme's link colour is kept, and may not stand out from the system's canvas.
  link: { '@media (forced-colors: active)': { color: 'LinkText', ':hover': { color: 'LinkText' } } },
});

/** What a calendar app lists the subscription as: the calendar's name, and the category's when it has one. */
function subscriptionName(link: Pick<CreatedSubscription, 'calendarName' | 'categoryName'>): string {
  return [link.calendarName, link.categoryName].filter(Boolean).join(' – ');
}

/**
 * A link just made, the only time it is shown (the server keeps only its hash): in a field to copy from, with Copy
 * link, Outlook on the web's subscribe page, and webcal:// for Apple Calendar.
 */
export function CreatedLink({ link }: { link: CreatedSubscription }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const notify = useNotify();
  const openLink = useOpenLink();
  const field = useRef<HTMLInputElement>(null);
  // Focus on the new link, selected: Ctrl+C copies it too.
  useEffect(() => field.current?.select(), [link.url]);
  const copy = async () => {
    if (await copyText(link.url)) return notify.success(say(M.copied));
    notify.error(say(M.copyFailed));
    field.current?.select();
  };
  return (
    <div className={styles.root} data-testid="created-link">
      <MessageBar intent="info">
        <MessageBarBody>{say(M.shownOnce)}</MessageBarBody>
      </MessageBar>
      <Field label={say(M.linkLabel)}>
        <Input ref={field} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<Copy20Regular />} onClick={() => void copy()}>
          {say(M.copy)}
        </Button>
        <Button icon={<CalendarAdd20Regular />} onClick={() => openLink(outlookSubscribeUrl(link.url, subscriptionName(link)))}>
          {say(M.subscribeInOutlook)}
        </Button>
      </div>
      <Body1>
        {say(M.otherApps)} <Link className={styles.link} href={webcalUrl(link.url)}>{say(M.subscribeInApple)}</Link>
      </Body1>
    </div>
  );
}
