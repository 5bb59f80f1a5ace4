import type { EventDisplayInfo } from '@fullcalendar/react';
import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { Video16Filled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ONLINE_MEETING_MESSAGES as M } from '../../../components/online-meeting-messages.ts';
import { isJoinOpen, joinWindow } from '../lib/join-soon.ts';

/** The "Join" mark's class: the calendar's own listeners find it by this (use-join-soon.ts). */
export const JOIN_SOON_CLASS = 'cc-join-soon';

const useStyles = makeStyles({
  mark: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    marginBlockStart: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    cursor: 'pointer',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralForegroundOnBrand}`,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    '&[hidden]': { display: 'none' },
    '@media (forced-colors: active)': { color: 'ButtonText', backgroundColor: 'ButtonFace', ...shorthands.borderColor('ButtonText') },
  },
});

interface JoinSoonMarkProps {
  url: string;
  window: { fromMs: number; untilMs: number };
  open: boolean;
}

/**
 * "Join" inside an event whose meeting starts within JOIN_SOON_MINUTES or is on: for the pointer. Not a control of its
 * own (the event is a button, which may hold none): keyboard and screen reader users join from the event's card,
 * which its focus opens, or its details.
 */
function JoinSoonMark({ url, window, open }: JoinSoonMarkProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return (
    <span
      aria-hidden
      className={mergeClasses(JOIN_SOON_CLASS, styles.mark)}
      data-join-url={url}
      data-join-from={window.fromMs}
      data-join-until={window.untilMs}
      hidden={!open}
    >
      <Video16Filled />
      {say(M.join)}
    </span>
  );
}

/** FullCalendar's own content of an event: its time and title. */
export function PlainEventContent({ info }: { info: EventDisplayInfo }) {
  return (
    <>
      {info.timeText && <div className={info.timeClass}>{info.timeText}</div>}
      <div className={info.titleClass}>{info.event.title}</div>
    </>
  );
}

type EventContentRenderer = (info: EventDisplayInfo) => ReactNode | true;

/**
 * An eventContent renderer with a "Join" mark added to the timed events with a Teams meeting in the week and day
 * views (time grids). The mark is drawn hidden outside its window; the calendar shows and hides it as time passes.
 */
export function withJoinSoon(render: EventContentRenderer): EventContentRenderer {
  return (info) => {
    const content = render(info);
    const url = info.event.extendedProps.onlineMeetingUrl as string | undefined;
    if (!url || info.event.allDay || info.isMirror || !info.view.type.startsWith('timeGrid')) return content;
    const window = joinWindow(Date.parse(info.event.startStr), Date.parse(info.event.endStr || info.event.startStr));
    return (
      <>
        {content === true ? <PlainEventContent info={info} /> : content}
        <JoinSoonMark url={url} window={window} open={isJoinOpen(window, Date.now())} />
      </>
    );
  };
}
