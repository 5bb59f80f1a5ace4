import {
  Body1,
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { SUBSCRIPTIONS_PER_USER_MAX } from '../../../../shared/limits.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useSubscriptionActions, type SubscriptionActions } from '../hooks/use-subscription-actions.ts';
import { SUBSCRIPTIONS_MESSAGES as M } from '../lib/subscriptions-messages.ts';
import { useSubscriptions } from '../requests/get-subscriptions.ts';
import { CreatedLink } from './created-link.tsx';
import { NewLinkForm } from './new-link-form.tsx';
import { SubscriptionList } from './subscription-list.tsx';
import { DialogCloseAction } from '../../../components/dialog-close-action.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
});

interface SubscriptionsDialogProps {
  /** The calendars the app shows, with their categories: what a link may be made for. */
  calendars: readonly Calendar[];
  /** The calendar to offer first. */
  calendarId?: string;
  onClose(): void;
}

/** The person's links (or, for an administrator who asks, everyone's): loading, failed with a retry, or listed. */
function LinksSection({ all, actions }: { all: boolean; actions: SubscriptionActions }) {
  const say = useIntl().formatMessage;
  const links = useSubscriptions(all);
  if (links.isPending) return <Spinner size="small" label={say(M.loading)} />;
  if (links.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{say(M.loadFailed)}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void links.refetch()}>{say(M.retry)}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return <SubscriptionList links={links.data} showCreator={all} revoking={actions.revoking} onRevoke={actions.revoke} />;
}

/** Personal iCalendar subscription links: make one for a calendar or a category, copy it once, list and revoke them. */
export function SubscriptionsDialog({ calendars, calendarId, onClose }: SubscriptionsDialogProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const admin = useAuth().me.roles.includes('admin');
  const [all, setAll] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const own = useSubscriptions(false);
  const actions = useSubscriptionActions(createButton);
  const { created } = actions;
  const full = (own.data?.length ?? 0) >= SUBSCRIPTIONS_PER_USER_MAX;
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<DialogCloseAction />}>
            {say(M.title)}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{say(M.intro)}</Body1>
            <section className={styles.section} aria-label={say(M.newLinkHeading)}>
              <NewLinkForm calendars={calendars} initialCalendarId={calendarId} creating={actions.creating} canCreate={!full} createButton={createButton} onCreate={actions.create} />
              {full && <Body1>{say(M.limitReached, { max: SUBSCRIPTIONS_PER_USER_MAX })}</Body1>}
              {created && <CreatedLink key={created.id} link={created} />}
            </section>
            <section className={styles.section}>
              <Subtitle2 as="h3" className={styles.heading}>
                {say(all ? M.everyonesLinks : M.yourLinks)}
              </Subtitle2>
              {admin && <Switch label={say(M.showEveryone)} checked={all} onChange={(_, data) => setAll(data.checked)} />}
              <LinksSection all={all} actions={actions} />
            </section>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
