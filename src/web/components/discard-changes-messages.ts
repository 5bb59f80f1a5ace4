import { defineMessages } from 'react-intl';

/** The question asked before a changed form is left. */
export const DISCARD_CHANGES_MESSAGES = defineMessages({
  title: { id: 'discardChanges.title', defaultMessage: 'Discard changes?' },
  body: { id: 'discardChanges.body', defaultMessage: 'The changes you made will be lost.' },
  discard: { id: 'discardChanges.discard', defaultMessage: 'Discard' },
  keepEditing: { id: 'discardChanges.keepEditing', defaultMessage: 'Keep editing' },
});
