import type { EventDisplayInfo } from '@fullcalendar/react';
import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { LiveHint } from '../hooks/use-live-changes.ts';
import { LIVE_HINT_MESSAGES as M } from '../lib/live-hint-messages.ts';
import { PlainEventContent } from './event-join-soon.tsx';

/** The hint's class: tests and the print styles find it by this. */
export const LIVE_HINT_CLASS = 'cc-live-hint';

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
});

/** "Updated by Ada": shown, and read out as part of the event's name. */
function LiveHintBadge({ hint }: { hint: LiveHint }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return <span className={mergeClasses(LIVE_HINT_CLASS, styles.hint)}>{say(M[hint.kind], { name: hint.name })}</span>;
}

type EventContentRenderer = (info: EventDisplayInfo) => ReactNode | true;

/** An eventContent renderer that adds, to an event someone else just changed, who did it (see use-live-changes.ts). */
export function withLiveHint(render: EventContentRenderer): EventContentRenderer {
  return (info) => {
    const content = render(info);
    const hint = info.event.extendedProps.liveHint as LiveHint | undefined;
    if (!hint || info.isMirror) return content;
    return (
      <>
        {content === true ? <PlainEventContent info={info} /> : content}
        <LiveHintBadge hint={hint} />
      </>
    );
  };
}
