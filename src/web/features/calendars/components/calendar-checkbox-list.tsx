import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  // Fluent's checkbox label reaches 2 px past its row either way (negative margins): rows keep them apart, so that no
  // point of one calendar's label is also the next one's.
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS, paddingBlock: '2px' },
  label: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, wordBreak: 'break-word' },
});

/** Calendars with their colours, each with a checkbox: what to show, or what a tab holds; and each one's actions, if any. */
export function CalendarCheckboxList({
  calendars,
  isChecked,
  onCheckedChange,
  actions,
}: {
  calendars: readonly Calendar[];
  isChecked(calendarId: string): boolean;
  onCheckedChange(calendarId: string, checked: boolean): void;
  actions?(calendar: Calendar): ReactNode;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {calendars.map((calendar) => (
        <li key={calendar.id} className={styles.item}>
          <Checkbox
            checked={isChecked(calendar.id)}
            onChange={(_, data) => onCheckedChange(calendar.id, data.checked === true)}
            data-calendar-id={calendar.id}
            label={
              <span className={styles.label}>
                <ColorSwatch color={calendar.color} />
                {calendar.name}
              </span>
            }
          />
          {actions?.(calendar)}
        </li>
      ))}
    </ul>
  );
}
