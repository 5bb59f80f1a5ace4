import { defineMessage, defineMessages } from 'react-intl';

/** What downloading an iCalendar (.ics) file says: the event's and the calendar's download alike. */
export const ICS_DOWNLOAD_MESSAGES = defineMessages({
  downloadEvent: { id: 'icsDownload.downloadEvent', defaultMessage: 'Download .ics' },
  exportCalendar: { id: 'icsDownload.exportCalendar', defaultMessage: 'Export (.ics)' },
  downloaded: defineMessage<{ fileName: string }>({ id: 'icsDownload.downloaded', defaultMessage: 'Downloaded {fileName}' }),
  failed: { id: 'icsDownload.failed', defaultMessage: 'The .ics file could not be downloaded' },
  tooLarge: defineMessage<{ limit: number }>({
    id: 'icsDownload.tooLarge',
    defaultMessage:
      'There are too many events for one file: at most {limit, plural, one {# event} other {# events}} fit. Export one category instead.',
  }),
});
