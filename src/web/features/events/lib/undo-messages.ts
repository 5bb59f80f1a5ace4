import { defineMessage, defineMessages } from 'react-intl';

/** The Undo that follows a delete, a drag or a resize, and what comes of it. */
export const UNDO_MESSAGES = defineMessages({
  undo: { id: 'undo.undo', defaultMessage: 'Undo' },
  moved: defineMessage<{ title: string }>({ id: 'undo.moved', defaultMessage: '“{title}” moved' }),
  resized: defineMessage<{ title: string }>({ id: 'undo.resized', defaultMessage: '“{title}” resized' }),
  movedBack: defineMessage<{ title: string }>({ id: 'undo.movedBack', defaultMessage: '“{title}” is back where it was' }),
  restored: defineMessage<{ title: string }>({ id: 'undo.restored', defaultMessage: '“{title}” restored' }),
  notRestored: defineMessage<{ title: string }>({ id: 'undo.notRestored', defaultMessage: '“{title}” could not be restored' }),
  calendarTrashed: { id: 'undo.calendarTrashed', defaultMessage: 'Its calendar was deleted meanwhile: restore the calendar first.' },
  notInTrash: { id: 'undo.notInTrash', defaultMessage: 'It is no longer in the calendar’s trash.' },
  seriesChanged: {
    id: 'undo.seriesChanged',
    defaultMessage: 'The series was changed after the delete, so nothing was undone. The calendar now shows the latest version.',
  },
});
