import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { withWebScheme } from '../../../../shared/web-link.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import { serverFieldErrors, useFormErrors } from '../../../lib/form-errors.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import { useCreateEvent } from '../requests/create-event.ts';
import { useFetchLatestEvent } from '../requests/get-event.ts';
import { useUpdateEvent } from '../requests/update-event.ts';
import { occurrenceKeyOf, useUpdateOccurrence, type OccurrenceScope } from '../requests/update-occurrence.ts';
import { DateInput, TimeInput } from './date-time-inputs.tsx';
import { RepeatField } from './repeat-field.tsx';
import { characterCount, TEXT_FIELD_LIMITS } from '../lib/character-count.ts';
import { REPEAT_FIELDS } from '../lib/repeat-options.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';
import {
  EVENT_DATE_INPUT_MAX,
  EVENT_DATE_INPUT_MIN,
  EVENT_FORM_FIELDS,
  eventFormValues,
  formFieldForPath,
  duplicateValues,
  newEventValues,
  rebaseFormValues,
  validateEventForm,
  withStartMoved,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from '../lib/event-form-values.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import {
  EVENT_FORM_ERROR_MESSAGES,
  EVENT_FORM_MESSAGES as M,
  FIELD_GROUP_MESSAGES,
  formatFormMessage,
} from '../lib/event-form-messages.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';

/** What the form edits: a new event, an event or series (all its occurrences), or an occurrence for a scope. */
export type EventFormTarget =
  | {
      mode: 'create';
      range: DateSpan | null;
      /** Duplicate: the event whose fields the new one starts from. */
      copyOf?: CalendarEvent;
      /** A new-event link's title and calendar; a calendar the user cannot add to is ignored. */
      prefill?: { title?: string | undefined; calendarId?: string | undefined };
    }
  | { mode: 'edit'; event: CalendarEvent; scope?: OccurrenceScope };

/** The first start the Repeat control counts from, as the API writes it; '' while the inputs do not make one. */
function formStart(values: EventFormValues, timeZone: string): string {
  if (values.allDay) return values.startDate;
  try {
    return instantOfWallClock({ date: values.startDate, time: values.startTime }, timeZone).toISOString();
  } catch {
    return '';
  }
}

/** A new event's first values: a copy of another's, or from a selection or a new-event link. */
function newFormValues(target: Extract<EventFormTarget, { mode: 'create' }>, editable: readonly Calendar[], timeZone: string): EventFormValues {
  if (target.copyOf) return duplicateValues(target.copyOf, timeZone, editable.map((calendar) => calendar.id));
  const prefill = target.prefill ?? {};
  const calendarId = editable.find((calendar) => calendar.id === prefill.calendarId)?.id ?? editable[0]?.id ?? '';
  const values = newEventValues(calendarId, target.range, timeZone);
  return prefill.title ? { ...values, title: prefill.title } : values;
}

interface DateTimeRowProps {
  edge: 'start' | 'end';
  values: EventFormValues;
  timeZone: string;
  /** Sets one of the row's dates or times: for the start, the end moves with it (withStartMoved). */
  setEdge(field: `${'start' | 'end'}${'Date' | 'Time'}`, value: string): void;
  fieldProps(field: EventFormField): { validationState: 'error' | 'none'; validationMessage: string | undefined };
  className: string;
}

/** A start or an end: its date, and its time unless the event lasts all day. */
function DateTimeRow({ edge, values, timeZone, setEdge, fieldProps, className }: DateTimeRowProps) {
  const intl = useIntl();
  const date = `${edge}Date` as const;
  const time = `${edge}Time` as const;
  return (
    <div className={className}>
      <Field label={intl.formatMessage(M[date])} required {...fieldProps(date)}>
        <DateInput name={date} min={EVENT_DATE_INPUT_MIN} max={EVENT_DATE_INPUT_MAX} value={values[date]} onChange={(value) => setEdge(date, value)} />
      </Field>
      {!values.allDay && (
        <Field label={intl.formatMessage(M[time])} required hint={timeZone} {...fieldProps(time)}>
          <TimeInput name={time} day={values[date]} value={values[time]} onChange={(value) => setEdge(time, value)} />
        </Field>
      )}
    </div>
  );
}

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

interface EventFormDialogProps {
  target: EventFormTarget;
  calendars: readonly Calendar[];
  onClose(): void;
  /** The event was saved (created, or changed): as the server has it now. Before onClose. */
  onSaved?(event: CalendarEvent): void;
  /** The server's events changed (saved, or found changed by someone else): refresh what shows them. */
  onChanged(): void;
}

export function EventFormDialog({ target, calendars, onClose, onSaved, onChanged }: EventFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const updateOccurrence = useUpdateOccurrence();
  const fetchLatestEvent = useFetchLatestEvent();
  const { timeZone, locale } = useRegionalSettings();
  const editable = calendars.filter((calendar) => calendar.canEdit);
  const original = target.mode === 'edit' ? target.event : null;
  // An occurrence keeps its series' rule: only the series (all events) has a Repeat control.
  const scope = target.mode === 'edit' ? target.scope : undefined;
  const occurrence = original && scope ? occurrenceKeyOf(original) : null;

  const [values, setValues] = useState<EventFormValues>(() =>
    target.mode === 'edit' ? eventFormValues(target.event, timeZone) : newFormValues(target, editable, timeZone),
  );
  // The version this edit is based on; replaced by the latest one after a conflict.
  const [base, setBase] = useState(original);
  const { formRef, formErrors, showErrors, clearErrors, fieldProps } = useFormErrors(EVENT_FORM_FIELDS);
  // After a 412: which fields the other change brought in.
  const [conflict, setConflict] = useState<Pick<ReturnType<typeof rebaseFormValues>, 'takenFromLatest'> | null>(null);
  const [rereading, setRereading] = useState(false);
  // Until a conflict's re-read settles, a save would still carry the stale version.
  const saving = createEvent.isPending || updateEvent.isPending || updateOccurrence.isPending || rereading;
  // A series repeats in its own zone; a new one in the viewer's.
  const seriesTimeZone = base?.extendedProps.timeZone ?? timeZone;

  // "www.example.com" became https://www.example.com when the user left the field: the hint says so.
  const [schemeAdded, setSchemeAdded] = useState(false);
  const intl = useIntl();
  const say = intl.formatMessage;
  const sayErrors = (errors: EventFormErrors): FieldErrors<EventFormField> => {
    const said: FieldErrors<EventFormField> = {};
    for (const field of EVENT_FORM_FIELDS) {
      const error = errors[field];
      if (error) said[field] = formatFormMessage(intl, error);
    }
    return said;
  };
  // Near its limit a text field says how full it is; read out politely, between keystrokes.
  const counterHint = (field: keyof typeof TEXT_FIELD_LIMITS) => {
    const shown = characterCount(values[field], TEXT_FIELD_LIMITS[field]);
    return shown ? { children: say(M.characterCount, shown), 'aria-live': 'polite' as const } : undefined;
  };
  const set = <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  // Moving the start moves the end with it; changing the end alone changes the length.
  const setEdge: DateTimeRowProps['setEdge'] = (field, value) =>
    field === 'startDate' || field === 'startTime' ? setValues((current) => withStartMoved(current, field, value, timeZone)) : set(field, value);

  const handleFailure = async (error: unknown): Promise<void> => {
    const refused = serverFieldErrors(error, (path) => formFieldForPath(path, values));
    if (refused) {
      // The server's own words are English: each refused field says so in the user's language.
      const errors: FieldErrors<EventFormField> = {};
      for (const field of EVENT_FORM_FIELDS) if (refused.errors[field]) errors[field] = say(EVENT_FORM_ERROR_MESSAGES.serverRefused);
      showErrors(errors, refused.messages.length > 0 ? [say(EVENT_FORM_ERROR_MESSAGES.serverRefusedForm)] : []);
      return;
    }
    // A 404 too: the path names the calendar, so an event someone moved to another one is not found there.
    if (isApiStatus(error, 412, 404) && base) {
      setRereading(true);
      let latest: CalendarEvent;
      try {
        // By id, which finds the event wherever it is now.
        latest = await fetchLatestEvent(base.id);
      } catch (fetchError) {
        // Most likely a 404: it was deleted meanwhile.
        reportFailure(fetchError);
        return;
      } finally {
        setRereading(false);
      }
      // Rebased rather than replaced: what the user changed stays, the rest is the latest version,
      // which becomes the base the next save is checked against.
      const rebased = rebaseFormValues(eventFormValues(base, timeZone), values, eventFormValues(latest, timeZone));
      setBase(latest);
      setValues(rebased.values);
      clearErrors();
      setConflict({ takenFromLatest: rebased.takenFromLatest });
      onChanged();
      return;
    }
    reportFailure(error);
  };

  const reportFailure = (error: unknown) => {
    if (isApiStatus(error, 404)) {
      notify.error(say(EVENT_MESSAGES.noLongerExists), say(EVENT_MESSAGES.maybeDeleted));
      onChanged();
      onClose();
    } else notify.error(say(M.saveFailed), errorMessage(error, intl));
  };

  const handleSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const result = validateEventForm(values, { timeZone, includeTimeZone: base === null, includeRule: occurrence === null, seriesTimeZone });
    if (!result.ok) {
      showErrors(sayErrors(result.errors), result.formErrors.map((message) => formatFormMessage(intl, message)));
      return;
    }
    clearErrors();
    const onSuccess = (saved: CalendarEvent) => {
      notify.success(say(base ? M.saved : M.created));
      onChanged();
      onSaved?.(saved);
      onClose();
    };
    const onError = (error: unknown) => void handleFailure(error);
    if (base === null) {
      createEvent.mutate({ calendarId: values.calendarId, event: result.event }, { onSuccess, onError });
      return;
    }
    if (occurrence && scope) {
      updateOccurrence.mutate({ ...occurrence, scope, version: base.extendedProps.version, patch: result.event }, { onSuccess, onError });
      return;
    }
    const moved = values.calendarId !== base.extendedProps.calendarId;
    updateEvent.mutate(
      {
        calendarId: base.extendedProps.calendarId,
        eventId: base.id,
        version: base.extendedProps.version,
        patch: {
          ...result.event,
          extendedProps: { ...result.event.extendedProps, ...(moved ? { calendarId: values.calendarId } : {}) },
        },
      },
      { onSuccess, onError },
    );
  };

  const title = say(base ? M.editTitle : M.newTitle);
  const repeatErrors: FieldErrors<EventFormField> = Object.fromEntries(
    REPEAT_FIELDS.flatMap((field) => {
      const message = fieldProps(field).validationMessage;
      return message ? [[field, message]] : [];
    }),
  );
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form ref={formRef} onSubmit={handleSubmit} noValidate data-testid="event-form">
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              {conflict && (
                <MessageBar intent="warning" role="alert">
                  <MessageBarBody>
                    <MessageBarTitle>{say(EVENT_MESSAGES.changedHeading)}</MessageBarTitle>
                    {conflict.takenFromLatest.length > 0
                      ? say(M.conflictKeptTaken, { fields: intl.formatList(conflict.takenFromLatest.map((group) => say(FIELD_GROUP_MESSAGES[group]))) })
                      : say(M.conflictKept)}
                  </MessageBarBody>
                </MessageBar>
              )}
              {formErrors.length > 0 && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{formErrors.join(' ')}</MessageBarBody>
                </MessageBar>
              )}
              <Field label={say(M.title)} required hint={counterHint('title')} {...fieldProps('title')}>
                <Input name="title" value={values.title} onChange={(_, data) => set('title', data.value)} />
              </Field>
              <Field
                label={say(M.calendar)}
                required
                // A series moves between calendars whole: one occurrence cannot leave it.
                hint={occurrence ? say(M.calendarOccurrenceHint) : undefined}
                {...fieldProps('calendarId')}
              >
                <Select
                  name="calendarId"
                  value={values.calendarId}
                  disabled={occurrence !== null}
                  onChange={(_, data) => set('calendarId', data.value)}
                >
                  {editable.map((calendar) => (
                    <option key={calendar.id} value={calendar.id}>
                      {calendar.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Switch label={say(M.allDay)} checked={values.allDay} onChange={(_, data) => set('allDay', data.checked)} />
              <DateTimeRow edge="start" values={values} timeZone={timeZone} setEdge={setEdge} fieldProps={fieldProps} className={styles.row} />
              <DateTimeRow edge="end" values={values} timeZone={timeZone} setEdge={setEdge} fieldProps={fieldProps} className={styles.row} />
              {occurrence === null && (
                <RepeatField
                  value={values.repeat}
                  onChange={(repeat) => set('repeat', repeat)}
                  start={formStart(values, timeZone)}
                  allDay={values.allDay}
                  timeZone={seriesTimeZone}
                  viewerTimeZone={timeZone}
                  locale={locale}
                  errors={repeatErrors}
                />
              )}
              <Field label={say(M.location)} hint={counterHint('location')} {...fieldProps('location')}>
                <Input name="location" value={values.location} onChange={(_, data) => set('location', data.value)} />
              </Field>
              <Field label={say(M.description)} hint={counterHint('description')} {...fieldProps('description')}>
                <Textarea
                  name="description"
                  resize="vertical"
                  rows={4}
                  value={values.description}
                  onChange={(_, data) => set('description', data.value)}
                />
              </Field>
              <Field
                label={say(M.link)}
                hint={say(schemeAdded ? M.linkSchemeAdded : M.linkHint)}
                {...fieldProps('url')}
              >
                <Input
                  name="url"
                  // Not type="url": "www.example.com" is welcome, and gets its https:// on leaving the field.
                  inputMode="url"
                  value={values.url}
                  onChange={(_, data) => {
                    setSchemeAdded(false);
                    set('url', data.value);
                  }}
                  onBlur={() => {
                    const completed = withWebScheme(values.url);
                    if (completed === values.url.trim()) return;
                    set('url', completed);
                    setSchemeAdded(true);
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                {say(base ? M.save : M.create)}
              </Button>
              <Button onClick={onClose}>{say(M.cancel)}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
