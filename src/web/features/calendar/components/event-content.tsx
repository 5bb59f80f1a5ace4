import type { EventDisplayInfo } from '@fullcalendar/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import type { EventCategory } from '../lib/event-looks.ts';
import { EVENT_CATEGORY_MESSAGES as M } from '../lib/event-category-messages.ts';

const useStyles = makeStyles({
  icon: { marginInlineEnd: tokens.spacingHorizontalXXS },
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/** An event's time and title, as FullCalendar draws them, with its category's icon before the title. */
function CategorisedEvent({ info, category }: { info: EventDisplayInfo; category: EventCategory }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return (
    <>
      {info.timeText && <div className={info.timeClass}>{info.timeText}</div>}
      <div className={info.titleClass}>
        <CategoryIcon icon={category.icon} className={styles.icon} />
        {/* The icon is a picture: screen readers hear the category's name instead, as part of the event's. */}
        <span className={styles.visuallyHidden}>{say(M.category, { name: category.name })} </span>
        {info.event.title}
      </div>
    </>
  );
}

/**
 * FullCalendar's eventContent, in every view: an event with a category shows its icon before the title; any other
 * keeps FullCalendar's own content (true), drawn with no React component of ours. Module-level, so its identity never
 * changes (a new renderer would remount every event's content).
 */
export function renderEventContent(info: EventDisplayInfo) {
  const category = info.event.extendedProps.category as EventCategory | undefined;
  return category ? <CategorisedEvent info={info} category={category} /> : true;
}
