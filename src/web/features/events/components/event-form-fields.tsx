import { Field, Input } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { characterCount, TEXT_FIELD_LIMITS } from '../lib/character-count.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import { EventCalendarCategoryFields } from './event-calendar-category-fields.tsx';
import { EventLinkField } from './event-link-field.tsx';
import { EventRichFields } from './event-rich-fields.tsx';
import { EventWhenFields, type EventWhenFieldsProps } from './event-when-fields.tsx';

interface EventFormFieldsProps extends EventWhenFieldsProps {
  /** The calendars the user may add events to. */
  editable: readonly Calendar[];
}

/** The event form's fields, in order: title, calendar and category, when, location, description, video, Teams meeting and link. */
export function EventFormFields({ editable, ...when }: EventFormFieldsProps) {
  const { values, set, fieldProps, occurrence } = when;
  const say = useIntl().formatMessage;
  // Near its limit a text field says how full it is; read out politely, between keystrokes.
  const counterHint = (field: 'title' | 'location') => {
    const shown = characterCount(values[field], TEXT_FIELD_LIMITS[field]);
    return shown ? { children: say(M.characterCount, shown), 'aria-live': 'polite' as const } : undefined;
  };
  return (
    <>
      <Field label={say(M.title)} required hint={counterHint('title')} {...fieldProps('title')}>
        <Input name="title" value={values.title} onChange={(_, data) => set('title', data.value)} />
      </Field>
      <EventCalendarCategoryFields values={values} set={set} fieldProps={fieldProps} occurrence={occurrence} editable={editable} />
      <EventWhenFields {...when} />
      <Field label={say(M.location)} hint={counterHint('location')} {...fieldProps('location')}>
        <Input name="location" value={values.location} onChange={(_, data) => set('location', data.value)} />
      </Field>
      <EventRichFields values={values} set={set} fieldProps={fieldProps} occurrence={occurrence} />
      <EventLinkField value={values.url} onChange={(url) => set('url', url)} {...fieldProps('url')} />
    </>
  );
}
