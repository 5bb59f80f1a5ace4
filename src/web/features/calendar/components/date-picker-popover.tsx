import { makeStyles, Popover, PopoverSurface, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { NAVIGATOR_MESSAGES } from '../lib/navigator-messages.ts';
import { DateNavigator } from './date-navigator.tsx';

const useStyles = makeStyles({
  surface: { padding: tokens.spacingHorizontalS },
});

interface DatePickerPopoverProps {
  /** The title's button: the picker opens under it. */
  target: HTMLElement;
  onClose(): void;
}

/** The mini month under the toolbar's title: picking a day takes the calendar there and closes it. */
export function DatePickerPopover({ target, onClose }: DatePickerPopoverProps) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <Popover
      open
      trapFocus
      withArrow
      positioning={{ target, position: 'below' }}
      onOpenChange={(event, data) => {
        // A click on the title is the title's own (it closes the picker); Escape closes it wherever focus is.
        const titleClick = !('key' in event) && event.target instanceof Node && target.contains(event.target);
        if (!data.open && !titleClick) onClose();
      }}
    >
      <PopoverSurface className={styles.surface} aria-label={intl.formatMessage(NAVIGATOR_MESSAGES.label)}>
        <DateNavigator onPicked={onClose} />
      </PopoverSurface>
    </Popover>
  );
}
