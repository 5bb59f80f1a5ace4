import type { EventDisplayInfo } from '@fullcalendar/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowRepeatAll16Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import type { EventCategory } from '../lib/event-looks.ts';
import { EVENT_CATEGORY_MESSAGES as M } from '../lib/event-category-messages.ts';
import { REPEAT_ICON_CLASS } from './use-calendar-theme-styles.ts';

const useStyles = makeStyles({
  icon: { marginInlineEnd: tokens.spacingHorizontalXXS },
  // At the text's size, on its baseline, as the category's icon.
  repeat: { width: '1em', height: '1em', verticalAlign: '-0.125em', marginInlineEnd: tokens.spacingHorizontalXXS },
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

interface MarkedEventProps {
  info: EventDisplayInfo;
  category: EventCategory | null;
  repeats: boolean;
}

/**
 * An event's time and title, as FullCalendar draws them, with its category's icon and, for an occurrence of a series,
 * the repeat icon before the title: at its start, so that an ellipsis never hides them.
 */
function MarkedEvent({ info, category, repeats }: MarkedEventProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return (
    <>
      {info.timeText && <div className={info.timeClass}>{info.timeText}</div>}
      <div className={info.titleClass}>
        {category && (
          <>
            <CategoryIcon icon={category.icon} className={styles.icon} />
            {/* The icon is a picture: screen readers hear the category's name instead, as part of the event's. */}
            <span className={styles.visuallyHidden}>{say(M.category, { name: category.name })} </span>
          </>
        )}
        {/* Named ("Repeats"): part of the event's name, read before its title. */}
        {repeats && <ArrowRepeatAll16Regular aria-label={say(M.repeats)} className={mergeClasses(REPEAT_ICON_CLASS, styles.repeat)} />}
        {info.event.title}
      </div>
    </>
  );
}

/**
 * FullCalendar's eventContent, in every view: an event with a category shows its icon before the title, an occurrence
 * of a series the repeat icon; any other keeps FullCalendar's own content (true), drawn with no React component of
 * ours. Module-level, so its identity never changes (a new renderer would remount every event's content).
 */
export function renderEventContent(info: EventDisplayInfo) {
  const category = (info.event.extendedProps.category as EventCategory | undefined) ?? null;
  const repeats = Boolean(info.event.extendedProps.seriesId);
  return category || repeats ? <MarkedEvent info={info} category={category} repeats={repeats} /> : true;
}
