import { Badge, Body1, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl, type IntlShape } from 'react-intl';
import type { Subscription } from '../../../../shared/subscription-schema.ts';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { SUBSCRIPTIONS_MESSAGES as M } from '../lib/subscriptions-messages.ts';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, gap: tokens.spacingVerticalXXS },
  name: { overflowWrap: 'anywhere' },
  detail: { color: tokens.colorNeutralForeground2 },
  badge: { alignSelf: 'flex-start' },
});

/** The calendar (and category) a link shows, or that they are gone. */
function linkTargetName(link: Subscription, intl: IntlShape): string {
  const calendar = link.calendarName ?? intl.formatMessage(M.deletedCalendar);
  if (link.categoryId === null) return calendar;
  return intl.formatMessage(M.linkTarget, { calendar, category: link.categoryName ?? intl.formatMessage(M.deletedCategory) });
}

interface SubscriptionListProps {
  links: readonly Subscription[];
  /** Everyone's links, for an administrator: each says whose it is. */
  showCreator: boolean;
  revoking: boolean;
  onRevoke(link: Subscription): Promise<unknown>;
}

/** Links with what they show, when they were made and last read, and Revoke (after a confirmation). */
export function SubscriptionList({ links, showCreator, revoking, onRevoke }: SubscriptionListProps) {
  const styles = useStyles();
  const intl = useIntl();
  const say = intl.formatMessage;
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  if (links.length === 0) return <Body1>{say(M.none)}</Body1>;
  return (
    <ul className={styles.list}>
      {links.map((link) => {
        const name = linkTargetName(link, intl);
        const created = when(link.createdAt);
        return (
          <li key={link.id} className={styles.item} data-subscription-id={link.id}>
            <div className={styles.text}>
              <Text weight="semibold" className={styles.name}>
                {name}
              </Text>
              <Caption1 className={styles.detail}>
                {showCreator ? say(M.createdByOn, { name: link.createdBy.name, date: created }) : say(M.createdOn, { date: created })}
              </Caption1>
              <Caption1 className={styles.detail}>{link.lastUsedAt ? say(M.lastUsed, { date: when(link.lastUsedAt) }) : say(M.neverUsed)}</Caption1>
              {!link.active && (
                <Badge appearance="tint" color="warning" className={styles.badge}>
                  {say(M.stopped)}
                </Badge>
              )}
            </div>
            <ConfirmDeleteButton
              trigger={{ appearance: 'subtle', 'aria-label': say(M.revokeLabel, { name }), children: say(M.revoke) }}
              title={say(M.revokeTitle)}
              warning={say(M.revokeWarning)}
              confirmLabel={say(M.revoke)}
              deleting={revoking}
              onConfirm={() => onRevoke(link)}
            />
          </li>
        );
      })}
    </ul>
  );
}
