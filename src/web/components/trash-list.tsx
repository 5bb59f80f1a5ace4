import { Body1, Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { errorMessage } from '../lib/error-message.ts';
import { useFocusKeptIn } from '../lib/use-focus-kept-in.ts';

/** A trash's rows: what was deleted, by whom and when, beside its Restore and Delete for good. */
export const useTrashListStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: '16rem', minWidth: 0, overflowWrap: 'anywhere' },
  meta: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
});

interface TrashListProps<T> {
  trash: UseQueryResult<T[]>;
  loadingLabel: string;
  /** Said when the trash is empty. */
  empty: string;
  children: (entry: T) => ReactNode;
}

/** A trash's entries (an events' or the calendars'), loading and failing as lists here do; focus stays in it as rows go. */
export function TrashList<T>({ trash, loadingLabel, empty, children }: TrashListProps<T>) {
  const styles = useTrashListStyles();
  const intl = useIntl();
  const list = useRef<HTMLDivElement>(null);
  useFocusKeptIn(list, trash.data);
  if (trash.isPending) {
    return (
      <Skeleton aria-label={loadingLabel}>
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  }
  if (trash.isError) return <Body1>{errorMessage(trash.error, intl)}</Body1>;
  return (
    // Focus comes here when the last entry is restored or deleted for good (useFocusKeptIn).
    <div ref={list} tabIndex={-1}>
      {trash.data.length === 0 ? <Body1>{empty}</Body1> : <ul className={styles.list}>{trash.data.map(children)}</ul>}
    </div>
  );
}
