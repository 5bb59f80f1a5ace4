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
import { RepeatField } from './repeat-field.tsx';
import { REPEAT_FIELDS, type RepeatErrors } from '../lib/repeat-options.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';
import {
  EVENT_DATE_INPUT_MAX,
  EVENT_DATE_INPUT_MIN,
  EVENT_FORM_FIELDS,
  eventFormValues,
  formFieldForPath,
  newEventValues,
  rebaseFormValues,
  validateEventForm,
  withStartMoved,
  type EventFormField,
  type EventFormValues,
} from '../lib/event-form-values.ts';
import { CHANGED_BY_SOMEONE_ELSE, MAYBE_DELETED, NO_LONGER_EXISTS } from '../lib/event-messages.ts';
import { EVENT_FORM_MESSAGES } from '../lib/event-form-messages.ts';

/** What the form edits: a new event, an event or series (all its occurrences), or an occurrence for a scope. */
export type EventFormTarget =
  | { mode: 'create'; range: DateSpan | null }
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
  const label = edge === 'start' ? 'Start' : 'End';
  const date = `${edge}Date` as const;
  const time = `${edge}Time` as const;
  return (
    <div className={className}>
      <Field label={`${label} date`} required {...fieldProps(date)}>
        <Input
          name={date}
          type="date"
          min={EVENT_DATE_INPUT_MIN}
          max={EVENT_DATE_INPUT_MAX}
          value={values[date]}
          onChange={(_, data) => setEdge(date, data.value)}
        />
      </Field>
      {!values.allDay && (
        <Field label={`${label} time`} required hint={timeZone} {...fieldProps(time)}>
          <Input name={time} type="time" value={values[time]} onChange={(_, data) => setEdge(time, data.value)} />
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
  /** The server's events changed (saved, or found changed by someone else): refresh what shows them. */
  onChanged(): void;
}

export function EventFormDialog({ target, calendars, onClose, onChanged }: EventFormDialogProps) {
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
    original
      ? eventFormValues(original, timeZone)
      : newEventValues(editable[0]?.id ?? '', target.mode === 'create' ? target.range : null, timeZone),
  );
  // The version this edit is based on; replaced by the latest one after a conflict.
  const [base, setBase] = useState(original);
  const { formRef, formErrors, showErrors, clearErrors, fieldProps } = useFormErrors(EVENT_FORM_FIELDS);
  // After a 412: which fields the other change brought in.
  const [conflict, setConflict] = useState<{ takenFromLatest: string[] } | null>(null);
  const [rereading, setRereading] = useState(false);
  // Until a conflict's re-read settles, a save would still carry the stale version.
  const saving = createEvent.isPending || updateEvent.isPending || updateOccurrence.isPending || rereading;
  // A series repeats in its own zone; a new one in the viewer's.
  const seriesTimeZone = base?.extendedProps.timeZone ?? timeZone;

  // "www.example.com" became https://www.example.com when the user left the field: the hint says so.
  const [schemeAdded, setSchemeAdded] = useState(false);
  const intl = useIntl();
  const set = <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  // Moving the start moves the end with it; changing the end alone changes the length.
  const setEdge: DateTimeRowProps['setEdge'] = (field, value) =>
    field === 'startDate' || field === 'startTime' ? setValues((current) => withStartMoved(current, field, value, timeZone)) : set(field, value);

  const handleFailure = async (error: unknown): Promise<void> => {
    const refused = serverFieldErrors(error, (path) => formFieldForPath(path, values));
    if (refused) {
      showErrors(refused.errors, refused.messages);
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
      notify.error(NO_LONGER_EXISTS, MAYBE_DELETED);
      onChanged();
      onClose();
    } else notify.error('The event could not be saved', errorMessage(error));
  };

  const handleSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const result = validateEventForm(values, { timeZone, includeTimeZone: base === null, includeRule: occurrence === null, seriesTimeZone });
    if (!result.ok) {
      showErrors(result.errors, result.formErrors);
      return;
    }
    clearErrors();
    const onSuccess = () => {
      notify.success(base ? 'Event saved' : 'Event created');
      onChanged();
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

  const title = base ? 'Edit event' : 'New event';
  const repeatErrors: RepeatErrors = Object.fromEntries(
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
                    <MessageBarTitle>{CHANGED_BY_SOMEONE_ELSE}.</MessageBarTitle>
                    {conflict.takenFromLatest.length > 0
                      ? `Your changes are kept. From their change: ${conflict.takenFromLatest.join(', ')}. Check the event and save again.`
                      : 'Your changes are kept. Check the event and save again.'}
                  </MessageBarBody>
                </MessageBar>
              )}
              {formErrors.length > 0 && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{formErrors.join(' ')}</MessageBarBody>
                </MessageBar>
              )}
              <Field label="Title" required {...fieldProps('title')}>
                <Input name="title" value={values.title} onChange={(_, data) => set('title', data.value)} />
              </Field>
              <Field
                label="Calendar"
                required
                // A series moves between calendars whole: one occurrence cannot leave it.
                hint={occurrence ? 'To move the event to another calendar, edit all events' : undefined}
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
              <Switch label="All day" checked={values.allDay} onChange={(_, data) => set('allDay', data.checked)} />
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
              <Field label="Location" {...fieldProps('location')}>
                <Input name="location" value={values.location} onChange={(_, data) => set('location', data.value)} />
              </Field>
              <Field label="Description" {...fieldProps('description')}>
                <Textarea
                  name="description"
                  resize="vertical"
                  rows={4}
                  value={values.description}
                  onChange={(_, data) => set('description', data.value)}
                />
              </Field>
              <Field
                label={intl.formatMessage(EVENT_FORM_MESSAGES.link)}
                hint={intl.formatMessage(schemeAdded ? EVENT_FORM_MESSAGES.linkSchemeAdded : EVENT_FORM_MESSAGES.linkHint)}
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
                {base ? 'Save' : 'Create'}
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
