import { Calendar, DateRangeType, type DayOfWeek } from '@fluentui/react-calendar-compat';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../../../shared/limits.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useViewOptions } from '../hooks/use-view-options.ts';
import { dateFormatting, firstWeekOfYear, useFluentCalendarStrings } from '../../../lib/fluent-calendar-locale.ts';
import { NAVIGATOR_MESSAGES } from '../lib/navigator-messages.ts';
import { goToDate, isoDateOf, localDateOf, useShownPeriod } from '../lib/shown-period.ts';

// The calendar goes no further than the supported years: nor does its navigator.
const MIN_DATE = new Date(EVENT_YEAR_MIN, 0, 1);
const MAX_DATE = new Date(EVENT_YEAR_MAX, 11, 31);

const useStyles = makeStyles({
  // Today's marker keeps its contrast on a selected range that starts today (the Upcoming view's).
  root: {
    '& .fui-CalendarDayGrid__dayTodayMarker': { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  },
});

interface DateNavigatorProps {
  /** Told after a day is picked, or on Escape (a picker closes). */
  onPicked?: () => void;
  className?: string;
}

/**
 * A mini month showing the calendar's period, in the host's locale (names, first day, week numbering): picking a
 * day takes the calendar there in the view it shows. It follows the calendar as that moves.
 */
export function DateNavigator({ onPicked, className }: DateNavigatorProps) {
  const styles = useStyles();
  const intl = useIntl();
  const { locale } = useRegionalSettings();
  const shown = useShownPeriod();
  const [{ weekNumbers }] = useViewOptions();
  const strings = useFluentCalendarStrings(locale);
  const formatting = useMemo(() => dateFormatting(locale), [locale]);
  const value = useMemo(() => (shown ? localDateOf(shown.start) : undefined), [shown]);
  const month = shown?.view === 'month';
  return (
    <div role="group" className={mergeClasses(styles.root, className)} aria-label={intl.formatMessage(NAVIGATOR_MESSAGES.label)}>
      <Calendar
        value={value}
        // The period shown is what is selected: its month, or its days.
        dateRangeType={month ? DateRangeType.Month : DateRangeType.Day}
        calendarDayProps={month ? {} : { daysToSelectInDayView: shown?.days ?? 1 }}
        firstDayOfWeek={(shown?.firstDay ?? 0) as DayOfWeek}
        firstWeekOfYear={firstWeekOfYear(shown?.weekOneDay ?? 1)}
        showWeekNumbers={weekNumbers}
        isMonthPickerVisible={false}
        showGoToToday
        highlightSelectedMonth
        strings={strings}
        dateTimeFormatter={formatting}
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        // The mini month takes Escape for itself: a picker closes on it.
        onDismiss={onPicked}
        // The picker closes before the calendar moves under it.
        onSelectDate={(date) => {
          onPicked?.();
          goToDate(isoDateOf(date));
        }}
      />
    </div>
  );
}
