import type { EventApi } from '@fullcalendar/react';
import { Caption1, makeStyles, Popover, PopoverSurface, Subtitle2, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { isTeamsMeetingUrl } from '../../../../shared/meeting-url.ts';
import { addDays } from '../../../../shared/time.ts';
import { JoinMeetingButton } from '../../../components/join-meeting-button.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useTimeOfDayOptions, type TimeOfDayOptions } from '../../../lib/time-format.ts';
import { EVENT_CARD_ATTRIBUTE, type HoverCardTarget } from '../hooks/use-event-hover-card.ts';
import { EVENT_CARD_MESSAGES as M } from '../lib/event-card-messages.ts';
import { formatRange } from '../../../lib/format-range.ts';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '320px', overflowWrap: 'anywhere' },
  join: { marginBlockStart: tokens.spacingVerticalS, alignSelf: 'flex-start' },
});

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

/** When the event is, in the shown zone and the user's time format: its days if all day, else its times. */
function cardWhen(event: EventApi, locale: string, timeZone: string, timeOfDay: TimeOfDayOptions): string {
  if (event.allDay) {
    // All-day dates are calendar dates: written as such, whatever the zone.
    const last = event.endStr ? addDays(event.endStr.slice(0, 10), -1) : event.startStr.slice(0, 10);
    return formatRange(locale, { ...DAY, timeZone: 'UTC' }, Date.parse(`${event.startStr.slice(0, 10)}T00:00Z`), Date.parse(`${last}T00:00Z`));
  }
  return formatRange(locale, { ...DAY, ...timeOfDay, timeZone }, Date.parse(event.startStr), Date.parse(event.endStr || event.startStr));
}

export interface EventHoverCardProps {
  target: HoverCardTarget;
  /** The pointer is on the card: it stays. */
  onKeep(): void;
  /** The pointer left the card. */
  onLeave(): void;
  /** Esc, a click elsewhere, or Tab out of the card: it closes, and focus goes back to its event. */
  onDismiss(element: HTMLElement): void;
}

/** The card of the event pointed at or focused: its title, when and where, and Join for a Teams meeting. */
export function EventHoverCard({ target, onKeep, onLeave, onDismiss }: EventHoverCardProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { locale, timeZone } = useRegionalSettings();
  const timeOfDay = useTimeOfDayOptions();
  const { event } = target;
  const { location, onlineMeetingUrl } = event.extendedProps as { location?: string; onlineMeetingUrl?: string };
  const back = () => {
    target.element.focus();
    onDismiss(target.element);
  };
  return (
    <Popover
      open
      positioning={{ target: target.element, position: 'after', autoSize: true }}
      withArrow
      // Focus stays on the event: Tab goes into the card (use-event-hover-card.ts).
      unstable_disableAutoFocus
      onOpenChange={(_, data) => !data.open && onDismiss(target.element)}
    >
      <PopoverSurface
        {...{ [EVENT_CARD_ATTRIBUTE]: '' }}
        aria-label={say(M.card)}
        className={styles.surface}
        onPointerEnter={onKeep}
        onPointerLeave={onLeave}
        onKeyDown={(keyEvent) => {
          if (keyEvent.key !== 'Tab' && keyEvent.key !== 'Escape') return;
          keyEvent.preventDefault();
          back();
        }}
      >
        <Subtitle2>{event.title}</Subtitle2>
        <Caption1 lang={locale}>{cardWhen(event, locale, timeZone, timeOfDay)}</Caption1>
        {location && <Caption1>{location}</Caption1>}
        {onlineMeetingUrl && isTeamsMeetingUrl(onlineMeetingUrl) && (
          <div className={styles.join}>
            <JoinMeetingButton url={onlineMeetingUrl} title={event.title} size="small" />
          </div>
        )}
      </PopoverSurface>
    </Popover>
  );
}

