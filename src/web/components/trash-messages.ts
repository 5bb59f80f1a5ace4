import { defineMessage, defineMessages } from 'react-intl';

/** What the trash of deleted events and the trash of deleted calendars both say. */
export const TRASH_COMMON_MESSAGES = defineMessages({
  deletedBy: defineMessage<{ name: string }>({ id: 'trashCommon.deletedBy', defaultMessage: 'Deleted by {name}' }),
  purgeAt: defineMessage<{ date: string }>({ id: 'trashCommon.purgeAt', defaultMessage: 'Deleted for good on {date}' }),
  restore: { id: 'trashCommon.restore', defaultMessage: 'Restore' },
  purge: { id: 'trashCommon.purge', defaultMessage: 'Delete for good' },
  changedMeanwhile: { id: 'trashCommon.changedMeanwhile', defaultMessage: 'Someone restored or changed it meanwhile. The list now shows the latest.' },
});
