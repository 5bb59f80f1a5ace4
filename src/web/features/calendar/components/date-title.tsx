import { makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import { NAVIGATOR_MESSAGES } from '../lib/navigator-messages.ts';
import { goToDate, setPickerTarget, usePickerTarget, useShownPeriod } from '../lib/shown-period.ts';
import { TOOLBAR_TITLE_CLASS } from './use-calendar-theme-styles.ts';

const useStyles = makeStyles({
  button: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
    font: 'inherit',
    color: 'inherit',
    backgroundColor: 'transparent',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    '@media (forced-colors: active)': { ':focus-visible': { outlineColor: 'Highlight' } },
  },
  fallback: { font: 'inherit' },
});

interface PickerProps {
  target: HTMLElement;
  onClose(): void;
}

/** Should the picker's code not come: the browser's own date field, which still goes to a date. */
function PlainDatePicker({ onClose }: PickerProps) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <input
      type="date"
      className={styles.fallback}
      aria-label={intl.formatMessage(NAVIGATOR_MESSAGES.label)}
      // It appears because the user asked for it: their next keys are for it.
      autoFocus
      onChange={(event) => event.target.value && goToDate(event.target.value)}
      onBlur={onClose}
    />
  );
}

// The picker and its mini month load when first opened: the first screen draws its events without them.
const DatePickerPopover = lazyComponent<PickerProps>(
  () => import('./date-picker-popover.tsx').then((module) => module.DatePickerPopover),
  PlainDatePicker,
);

const titleButton = () => document.querySelector<HTMLButtonElement>(`.${TOOLBAR_TITLE_CLASS} button`);

/** The date picker, while the title has it open; outside FullCalendar's toolbar, whose content it may remake. */
export function DatePicker() {
  const target = usePickerTarget();
  if (!target) return null;
  const close = () => {
    setPickerTarget(null);
    // Back to the title, which may be a new button by now.
    (target.isConnected ? target : titleButton())?.focus();
  };
  return <DatePickerPopover target={target} onClose={close} />;
}

/** The period's title, as a heading whose button opens a date picker. */
export function DateTitle() {
  const styles = useStyles();
  const intl = useIntl();
  const shown = useShownPeriod();
  const open = usePickerTarget() !== null;
  return (
    <div role="heading" aria-level={2} className={TOOLBAR_TITLE_CLASS}>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={intl.formatMessage(NAVIGATOR_MESSAGES.titleHint)}
        onClick={(event) => setPickerTarget(open ? null : event.currentTarget)}
        // Focus may stay here while the picker is open: Escape closes it from here too.
        onKeyDown={(event) => {
          if (open && event.key === 'Escape') setPickerTarget(null);
        }}
        onPointerEnter={DatePickerPopover.preload}
      >
        {shown?.title}
        <ChevronDown16Regular aria-hidden />
      </button>
    </div>
  );
}
