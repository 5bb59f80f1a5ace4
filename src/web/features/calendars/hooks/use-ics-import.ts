import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { IcsImportResult } from '../../../../shared/ics-import.ts';
import { ICS_IMPORT_MAX_BYTES } from '../../../../shared/limits.ts';
import { FILE_TOO_COMPLEX_TYPE } from '../../../../shared/problem.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { announceEventsChanged } from '../../../lib/events-changed.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { IMPORT_ICS_MESSAGES as M } from '../lib/import-ics-messages.ts';
import { importIcs } from '../requests/import-ics.ts';

const MB = 1024 * 1024;

export type IcsImportPhase =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'preview'; file: File; result: IcsImportResult }
  | { kind: 'importing'; file: File; result: IcsImportResult };

/** What went wrong, in words: a file the server could not read says which line. */
function failureText(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiError && error.status === 400) {
    return intl.formatMessage(M.invalidFile, { detail: error.fieldErrors[0]?.message ?? error.problem.detail ?? '' });
  }
  if (error instanceof ApiError && error.status === 413) return error.problem.detail ?? errorMessage(error, intl);
  if (error instanceof ApiError && error.problem.type === FILE_TOO_COMPLEX_TYPE) return intl.formatMessage(M.tooComplex);
  return errorMessage(error, intl);
}

/**
 * An import into a calendar, step by step: a file chosen is checked for size, then previewed (the server counts what
 * importing would do and writes nothing); confirmed, it is imported, the calendar refetches and the dialog closes.
 */
export function useIcsImport(calendar: Calendar, onClose: () => void) {
  const intl = useIntl();
  const api = useApiClient();
  const notify = useNotify();
  const [phase, setPhase] = useState<IcsImportPhase>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const timeZone = browserTimeZone();

  const choose = (file: File) => {
    setFailure(null);
    if (file.size > ICS_IMPORT_MAX_BYTES) {
      setPhase({ kind: 'idle' });
      setFailure(intl.formatMessage(M.tooLarge, { size: (file.size / MB).toFixed(1), max: ICS_IMPORT_MAX_BYTES / MB }));
      return;
    }
    setPhase({ kind: 'reading' });
    importIcs(api, { calendarId: calendar.id, file, preview: true, timeZone }).then(
      (result) => setPhase({ kind: 'preview', file, result }),
      (error: unknown) => {
        setPhase({ kind: 'idle' });
        setFailure(failureText(error, intl));
      },
    );
  };

  const confirm = () => {
    if (phase.kind !== 'preview') return;
    setPhase({ ...phase, kind: 'importing' });
    importIcs(api, { calendarId: calendar.id, file: phase.file, preview: false, timeZone }).then(
      (result) => {
        notify.success(intl.formatMessage(M.imported, { count: result.created + result.updated, name: calendar.name }));
        announceEventsChanged();
        onClose();
      },
      (error: unknown) => {
        setPhase({ ...phase, kind: 'preview' });
        notify.error(intl.formatMessage(M.failed), failureText(error, intl));
      },
    );
  };

  return { phase, failure, choose, confirm };
}
