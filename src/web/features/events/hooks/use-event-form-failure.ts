import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import {
  EVENT_FORM_FIELDS,
  eventFormValues,
  formFieldForPath,
  rebaseFormValues,
  type EventFormField,
  type EventFormValues,
} from '../lib/event-form-values.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { EVENT_FORM_ERROR_MESSAGES, EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import { useFetchLatestFormTarget } from './use-fetch-latest-form-target.ts';

/** After a 412: which fields the other change brought in. */
export type EventFormConflict = Pick<ReturnType<typeof rebaseFormValues>, 'takenFromLatest'>;

interface EventFormFailureOptions {
  values: EventFormValues;
  setValues(values: EventFormValues): void;
  /** The version the edit is based on (null for a new event); a conflict replaces it with the latest one. */
  base: CalendarEvent | null;
  setBase(event: CalendarEvent): void;
  showErrors(errors: FieldErrors<EventFormField>, messages: string[]): void;
  clearErrors(): void;
  onChanged(): void;
  onClose(): void;
}

/**
 * What a failed save does: marks the fields the server refused, rebases the form on the latest version after a
 * conflict, or says why it failed. `rereading` while the latest version is on its way.
 */
export function useEventFormFailure({ values, setValues, base, setBase, showErrors, clearErrors, onChanged, onClose }: EventFormFailureOptions) {
  const fetchLatest = useFetchLatestFormTarget();
  const { timeZone } = useRegionalSettings();
  const [conflict, setConflict] = useState<EventFormConflict | null>(null);
  const [rereading, setRereading] = useState(false);
  const say = useIntl().formatMessage;
  const reportFailure = useReportSaveFailure({ onChanged, onClose });

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
        latest = await fetchLatest(base);
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

  return { conflict, rereading, handleFailure };
}

/** Says why a save failed; an event that no longer exists also closes the form. */
function useReportSaveFailure({ onChanged, onClose }: { onChanged(): void; onClose(): void }) {
  const notify = useNotify();
  const intl = useIntl();
  const say = intl.formatMessage;
  return (error: unknown) => {
    if (isApiStatus(error, 404)) {
      notify.error(say(EVENT_MESSAGES.noLongerExists), say(EVENT_MESSAGES.maybeDeleted));
      onChanged();
      onClose();
    } else notify.error(say(M.saveFailed), errorMessage(error, intl));
  };
}
