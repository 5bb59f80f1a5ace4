import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { DialogCloseAction } from '../../../components/dialog-close-action.tsx';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useFormErrors } from '../../../lib/form-errors.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import { useEventFormFailure } from '../hooks/use-event-form-failure.ts';
import { useEventFormSubmit } from '../hooks/use-event-form-submit.ts';
import { useEventFormValues } from '../hooks/use-event-form-values.ts';
import { occurrenceKeyOf, type OccurrenceScope } from '../requests/update-occurrence.ts';
import { EVENT_FORM_FIELDS } from '../lib/event-form-values.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import { EventFormActions } from './event-form-actions.tsx';
import { EventFormAlerts } from './event-form-alerts.tsx';
import { EventFormFields } from './event-form-fields.tsx';

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

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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
  const { timeZone, locale } = useRegionalSettings();
  const editable = calendars.filter((calendar) => calendar.canEdit);
  const original = target.mode === 'edit' ? target.event : null;
  // One occurrence keeps its series' rule: the series (all events) and "this and following" have a Repeat control.
  const scope = target.mode === 'edit' ? target.scope : undefined;
  const occurrence = original && scope ? occurrenceKeyOf(original) : null;
  const { values, setValues, set, setEdge, changed } = useEventFormValues(target, editable, timeZone);
  // Every way out of a changed form (Cancel, Esc, ✕, a click beside it) asks first; an unchanged one just closes.
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const leave = () => (changed ? setAskingToDiscard(true) : onClose());
  // The version this edit is based on; replaced by the latest one after a conflict.
  const [base, setBase] = useState(original);
  const { formRef, formErrors, showErrors, clearErrors, fieldProps } = useFormErrors(EVENT_FORM_FIELDS);
  // Fluent opens a dialog on its first focusable element, the title's ✕ here: the form opens on its first field, once
  // Fluent has done so.
  useEffect(() => {
    const frame = requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[name="title"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [formRef]);
  const failure = useEventFormFailure({ values, setValues, base, setBase, showErrors, clearErrors, onChanged, onClose });
  const submit = useEventFormSubmit({
    values, base, occurrence, scope, showErrors, clearErrors,
    onFailure: failure.handleFailure, onSaved, onChanged, onClose,
  });
  // Until a conflict's re-read settles, a save would still carry the stale version.
  const saving = submit.pending || failure.rereading;
  const say = useIntl().formatMessage;
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && leave()}>
      <DialogSurface className={styles.surface}>
        <form ref={formRef} onSubmit={submit.handleSubmit} noValidate data-testid="event-form">
          <DialogBody>
            <DialogTitle action={<DialogCloseAction />}>{say(base ? M.editTitle : M.newTitle)}</DialogTitle>
            <DialogContent className={styles.form}>
              <EventFormAlerts conflict={failure.conflict} formErrors={formErrors} />
              <EventFormFields
                values={values}
                set={set}
                setEdge={setEdge}
                fieldProps={fieldProps}
                editable={editable}
                occurrence={occurrence !== null}
                repeats={occurrence === null || scope === 'following'}
                shownTimeZone={timeZone}
                locale={locale}
              />
            </DialogContent>
            <EventFormActions saving={saving} editing={base !== null} onCancel={leave} />
          </DialogBody>
        </form>
        <DiscardChangesDialog open={askingToDiscard} onDiscard={onClose} onKeepEditing={() => setAskingToDiscard(false)} />
      </DialogSurface>
    </Dialog>
  );
}
