import { Field, Input, makeStyles, tokens, webLightTheme, type FieldProps } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { calendarColorSchema } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { MIN_TEXT_CONTRAST, readableTextOn } from '../../../lib/color-contrast.ts';
import { CALENDAR_EDITOR_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';

const useStyles = makeStyles({
  picker: {
    inlineSize: '28px',
    blockSize: '22px',
    padding: 0,
    border: 'none',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

interface CalendarColorFieldProps extends Pick<FieldProps, 'validationState' | 'validationMessage'> {
  value: string;
  onChange(value: string): void;
}

/** A calendar's colour, typed or picked, with a swatch and a warning when text on it would be hard to read. */
export function CalendarColorField({ value, onChange, ...validation }: CalendarColorFieldProps) {
  const styles = useStyles();
  const intl = useIntl();
  const colorValid = calendarColorSchema.safeParse(value.trim()).success;
  const hardToRead = colorValid && readableTextOn(value.trim()).contrast < MIN_TEXT_CONTRAST;
  return (
    <Field
      label={intl.formatMessage(MESSAGES.color)}
      required
      hint={intl.formatMessage(hardToRead ? MESSAGES.colorHardToRead : MESSAGES.colorHint)}
      {...validation}
    >
      <Input
        name="color"
        value={value}
        contentBefore={colorValid ? <ColorSwatch color={value.trim()} /> : undefined}
        contentAfter={
          <input
            type="color"
            className={styles.picker}
            aria-label={intl.formatMessage(MESSAGES.pickColor)}
            value={(colorValid ? value.trim() : webLightTheme.colorBrandBackground).toLowerCase()}
            onChange={(event) => onChange(event.target.value)}
          />
        }
        onChange={(_, data) => onChange(data.value)}
      />
    </Field>
  );
}
