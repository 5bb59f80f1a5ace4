import type { IcsImportResult } from '../../../../shared/ics-import.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { sendIdempotently } from '../../../lib/idempotent-request.ts';

export interface IcsImport {
  calendarId: string;
  file: Blob;
  /** Count what the import would do, writing nothing. */
  preview: boolean;
  /** The zone times without one (floating) are read in: the importer's. */
  timeZone: string;
}

/** POST /api/calendars/{id}/import with the file as the body; an import (not a preview) with an Idempotency-Key. */
export async function importIcs(api: ApiClient, { calendarId, file, preview, timeZone }: IcsImport): Promise<IcsImportResult> {
  const query = new URLSearchParams({ timeZone, ...(preview ? { preview: 'true' } : {}) });
  const path = `/calendars/${encodeURIComponent(calendarId)}/import`;
  const send = async (idempotencyKey?: string) =>
    (await api.request<IcsImportResult>(path, { method: 'POST', query, file: { body: file, contentType: 'text/calendar' }, idempotencyKey })).data;
  return preview ? send() : sendIdempotently(send);
}
