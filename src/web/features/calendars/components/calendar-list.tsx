import { Body1, Button, Skeleton, SkeletonItem, Subtitle2, makeStyles, tokens, useId } from '@fluentui/react-components';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCalendars } from '../requests/get-calendars.ts';
import { CalendarCheckboxList } from './calendar-checkbox-list.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  skeleton: { display: 'grid', gap: tokens.spacingVerticalM, paddingBlock: tokens.spacingVerticalS },
});

interface CalendarListProps {
  hidden: string[];
  onVisibleChange: (calendarId: string, visible: boolean) => void;
  /** The calendars a tab is limited to; null for all. */
  only: readonly string[] | null;
}

/** The calendars the user can see, each with a checkbox to show or hide its events. */
export function CalendarList({ hidden, onVisibleChange, only }: CalendarListProps) {
  const styles = useStyles();
  const headingId = useId('calendars-heading');
  const query = useCalendars();
  const calendars = query.data?.filter((calendar) => only === null || only.includes(calendar.id)) ?? [];
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        Calendars
      </Subtitle2>
      {query.isPending ? (
        <Skeleton aria-label="Loading calendars" className={styles.skeleton}>
          <SkeletonItem />
          <SkeletonItem />
          <SkeletonItem />
        </Skeleton>
      ) : query.isError ? (
        <>
          <Body1>Calendars could not be loaded. {errorMessage(query.error)}</Body1>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </>
      ) : calendars.length === 0 ? (
        <Body1>There are no calendars yet.</Body1>
      ) : (
        <CalendarCheckboxList calendars={calendars} isChecked={(id) => !hidden.includes(id)} onCheckedChange={onVisibleChange} />
      )}
    </section>
  );
}
