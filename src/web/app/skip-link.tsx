import { makeStyles, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { SHELL_MESSAGES } from './shell-messages.ts';

const useStyles = makeStyles({
  // Out of sight until focused (the page's first Tab stop); then over the header's start, above everything.
  link: {
    position: 'absolute',
    insetBlockStart: tokens.spacingVerticalXS,
    insetInlineStart: tokens.spacingHorizontalXS,
    zIndex: 1000,
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    ':focus': {
      width: 'auto',
      height: 'auto',
      overflow: 'visible',
      clipPath: 'none',
      paddingBlock: tokens.spacingVerticalS,
      paddingInline: tokens.spacingHorizontalM,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorBrandForegroundLink,
      fontFamily: tokens.fontFamilyBase,
      fontSize: tokens.fontSizeBase300,
      fontWeight: tokens.fontWeightSemibold,
      borderRadius: tokens.borderRadiusMedium,
      boxShadow: tokens.shadow16,
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: tokens.strokeWidthThin,
    },
    // Forced colours drop the shadow: a link's own colour and the outline's keep it seen.
    '@media (forced-colors: active)': { ':focus': { color: 'LinkText', outlineColor: 'Highlight' } },
    '@media print': { display: 'none' },
  },
});

/** "Skip to calendar": the page's first focusable element, to the calendar past the header and side panel. */
export function SkipLink({ target, onSkip }: { target: string; onSkip(): void }) {
  const styles = useStyles();
  const intl = useIntl();
  // To the calendar's own tab stop (its current day), not just its region; and the address keeps no fragment.
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    onSkip();
  };
  return (
    <a href={`#${target}`} className={styles.link} onClick={skip}>
      {intl.formatMessage(SHELL_MESSAGES.skipToCalendar)}
    </a>
  );
}
