import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { PrintedDay } from '../lib/printed-period.ts';
import { PRINTED_MONTH_CLASS } from './use-calendar-theme-styles.ts';

const useStyles = makeStyles({
  // Paper only. A table in the page's flow: every title wraps in its day, between words, and pushes the ones below
  // it down; nothing is placed by measurements of the screen, which is narrower or wider than the paper.
  table: {
    display: 'none',
    '@media print': { display: 'table' },
    width: '100%',
    tableLayout: 'fixed',
    borderCollapse: 'collapse',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
  },
  weekday: { fontSize: tokens.fontSizeBase200, paddingBlock: tokens.spacingVerticalXXS, fontWeight: tokens.fontWeightSemibold, textAlign: 'center', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  // A week does not break over two pages.
  week: { breakInside: 'avoid' },
  day: {
    verticalAlign: 'top',
    height: '64px',
    padding: tokens.spacingHorizontalXXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  outside: { color: tokens.colorNeutralForeground3 },
  number: { display: 'block', textAlign: 'end', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold },
  events: { listStyleType: 'none', margin: 0, padding: 0 },
  // The calendar's colour as a mark at the start (printers leave backgrounds out); words wrap whole.
  event: {
    marginBlockStart: '1px',
    paddingInlineStart: tokens.spacingHorizontalXS,
    borderInlineStartWidth: tokens.strokeWidthThicker,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: `var(--cc-print-color, ${tokens.colorNeutralStroke1})`,
    overflowWrap: 'break-word',
  },
  time: { fontWeight: tokens.fontWeightSemibold, marginInlineEnd: tokens.spacingHorizontalXS },
});

/** A day's number and its weekday, in the calendar's language: days counted as UTC dates (see grid-dates.ts). */
function useDayFormats(language: string) {
  return useMemo(
    () => ({
      weekday: new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }),
      number: new Intl.DateTimeFormat(language, { day: 'numeric', timeZone: 'UTC' }),
    }),
    [language],
  );
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The month on paper: a week a row, each day listing its events (time and title), all-day ones first. */
export function PrintedMonth({ weeks, language }: { weeks: PrintedDay[][]; language: string }) {
  const styles = useStyles();
  const formats = useDayFormats(language);
  return (
    <table className={mergeClasses(PRINTED_MONTH_CLASS, styles.table)} lang={language}>
      <thead>
        <tr>
          {weeks[0]?.map(({ day }) => (
            <th key={day} scope="col" className={styles.weekday}>
              {formats.weekday.format(utc(day))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.day} className={styles.week}>
            {week.map(({ day, outside, events }) => (
              <td key={day} className={mergeClasses(styles.day, outside && styles.outside)}>
                <span className={styles.number}>{formats.number.format(utc(day))}</span>
                <ul className={styles.events}>
                  {events.map((event) => (
                    <li key={event.id} data-event-id={event.id} className={styles.event} style={event.color ? { ['--cc-print-color' as string]: event.color } : undefined}>
                      {event.time && <span className={styles.time}>{event.time}</span>}
                      {event.title}
                    </li>
                  ))}
                </ul>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
