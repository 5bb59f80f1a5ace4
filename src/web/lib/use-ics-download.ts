import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { icsFileName } from '../../shared/ics-file-name.ts';
import { EXPORT_TOO_LARGE_TYPE } from '../../shared/problem.ts';
import { useApiClient } from '../auth/use-api-client.ts';
import { useNotify } from '../components/notifications.tsx';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { ICS_DOWNLOAD_MESSAGES as M } from './ics-download-messages.ts';
import { saveBlob } from './save-file.ts';

export interface IcsDownload {
  /** The API path of the file (…/calendar.ics, …/event.ics), its query, and the title the file is named after. */
  path: string;
  query?: URLSearchParams;
  title: string;
}

/** Downloads an .ics file from the API with the user's token and saves it, saying so (or what went wrong) in a toast. */
export function useIcsDownload(): { download(file: IcsDownload): Promise<void>; pending: boolean } {
  const api = useApiClient();
  const notify = useNotify();
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const download = useCallback(
    async ({ path, query, title }: IcsDownload) => {
      setPending(true);
      try {
        const { data } = await api.request<Blob>(path, { accept: 'text/calendar', ...(query ? { query } : {}) });
        const fileName = icsFileName(title);
        saveBlob(data, fileName);
        notify.success(intl.formatMessage(M.downloaded, { fileName }));
      } catch (error) {
        const tooLarge = error instanceof ApiError && error.problem.type === EXPORT_TOO_LARGE_TYPE && error.problem.limit !== undefined;
        const detail = tooLarge ? intl.formatMessage(M.tooLarge, { limit: error.problem.limit! }) : errorMessage(error, intl);
        notify.error(intl.formatMessage(M.failed), detail);
      } finally {
        setPending(false);
      }
    },
    [api, notify, intl],
  );
  return { download, pending };
}
