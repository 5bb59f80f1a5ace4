import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  label: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, wordBreak: 'break-word' },
});

/** Calendars with their colours, each with a checkbox: what to show, or what a tab holds. */
export function CalendarCheckboxList({
  calendars,
  isChecked,
  onCheckedChange,
}: {
  calendars: readonly Calendar[];
  isChecked(calendarId: string): boolean;
  onCheckedChange(calendarId: string, checked: boolean): void;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {calendars.map((calendar) => (
        <li key={calendar.id}>
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
        </li>
      ))}
    </ul>
  );
}
