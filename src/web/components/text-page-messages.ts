import { defineMessages } from 'react-intl';

/** The words around a page of text (privacy, terms, help). */
export const TEXT_PAGE_MESSAGES = defineMessages({
  openApp: { id: 'textPage.openApp', defaultMessage: 'Open Company Calendar' },
});
