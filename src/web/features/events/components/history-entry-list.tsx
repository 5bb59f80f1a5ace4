import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { ChangeEntry, HistoryPage } from '../../../../shared/history-schema.ts';
import { ChangeTime } from '../../../components/change-time.tsx';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { HISTORY_MESSAGES as M } from '../lib/history-messages.ts';
import { describeEntry, type HistoryDisplay } from '../lib/history-sentences.ts';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowWrap: 'anywhere',
  },
  meta: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  more: { alignSelf: 'flex-start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function HistoryEntry({ entry, display, titled }: { entry: ChangeEntry; display: HistoryDisplay; titled: boolean }) {
  const styles = useStyles();
  const { sentences, scope } = describeEntry(entry, display);
  return (
    <li className={styles.entry} data-entry-id={entry.id}>
      {titled && <Text weight="semibold">{entry.title}</Text>}
      {sentences.map((sentence, index) => (
        <Body1 key={index}>{sentence}</Body1>
      ))}
      <Caption1 className={styles.meta}>
        {scope && <span>{scope}</span>}
        <ChangeTime at={entry.at} />
      </Caption1>
    </li>
  );
}

interface HistoryEntryListProps {
  history: UseInfiniteQueryResult<InfiniteData<HistoryPage>>;
  display: HistoryDisplay;
  /** A calendar's activity names the event (or calendar) each entry is about; an event's own history need not. */
  titled: boolean;
  /** What an empty history says. */
  empty: string;
}

/** History entries newest first, in sentences, page by page ("Show more"); loading and failing visibly. */
export function HistoryEntryList({ history, display, titled, empty }: HistoryEntryListProps) {
  const styles = useStyles();
  const intl = useIntl();
  const say = intl.formatMessage;
  if (history.isPending) {
    return (
      <Skeleton aria-label={say(M.loading)}>
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  }
  if (history.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>{say(M.loadFailed)}</MessageBarTitle>
          {errorMessage(history.error, intl)}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void history.refetch()}>{say(COMMON_MESSAGES.tryAgain)}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <Body1>{empty}</Body1>;
  return (
    <div className={styles.column}>
      <ol className={styles.list}>
        {entries.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} display={display} titled={titled} />
        ))}
      </ol>
      {history.hasNextPage && (
        <Button className={styles.more} disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {say(history.isFetchingNextPage ? COMMON_MESSAGES.loading : M.showMore)}
        </Button>
      )}
    </div>
  );
}
