import type { EventDisplayInfo } from '@fullcalendar/react';
import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { LiveHint } from '../hooks/use-live-changes.ts';
import { LIVE_HINT_MESSAGES as M } from '../lib/live-hint-messages.ts';
import { PlainEventContent } from './event-join-soon.tsx';
import { EVENT_CLASS, LIVE_HINT_CLASS, LIVE_HINTED_CLASS, SHORT_EVENT_CLASS } from './use-calendar-theme-styles.ts';

const useStyles = makeStyles({
  hint: {
    display: 'inline-block',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    marginBlockStart: tokens.spacingVerticalXXS,
    marginInlineStart: tokens.spacingHorizontalXXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    // Neutral on any calendar's colour: readable whatever the event's background.
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    '@media (forced-colors: active)': { color: 'CanvasText', backgroundColor: 'Canvas', ...shorthands.borderColor('CanvasText') },
    '@media print': { display: 'none' },
  },
  // One line (a month's row, an all-day bar, a list's row) is for the title: the hint is only heard there.
  unseen: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/** "Updated by Ada": read out as part of the event's name, and shown where the event has room below its title. */
function LiveHintBadge({ hint, shown }: { hint: LiveHint; shown: boolean }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return <span className={mergeClasses(LIVE_HINT_CLASS, shown ? styles.hint : styles.unseen)}>{say(M[hint.kind], { name: hint.name })}</span>;
}

type EventContentRenderer = (info: EventDisplayInfo) => ReactNode | true;

/**
 * FullCalendar's eventClass: every event's class, a time grid's short event's (its time and title on one line), and
 * the ring of one someone else just changed.
 */
export function eventClassWithHint(info: EventDisplayInfo): string {
  return [EVENT_CLASS, info.isShort && SHORT_EVENT_CLASS, info.event.extendedProps.liveHint && LIVE_HINTED_CLASS].filter(Boolean).join(' ');
}

/** An eventContent renderer that adds, to an event someone else just changed, who did it (see use-live-changes.ts). */
export function withLiveHint(render: EventContentRenderer): EventContentRenderer {
  return (info) => {
    const content = render(info);
    const hint = info.event.extendedProps.liveHint as LiveHint | undefined;
    if (!hint || info.isMirror) return content;
    return (
      <>
        {content === true ? <PlainEventContent info={info} /> : content}
        <LiveHintBadge hint={hint} shown={info.view.type.startsWith('timeGrid') && !info.event.allDay} />
      </>
    );
  };
}
