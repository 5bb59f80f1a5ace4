import { defineMessages } from 'react-intl';

/** The event form's words (moving into the catalogues field by field). */
export const EVENT_FORM_MESSAGES = defineMessages({
  link: { id: 'eventForm.link', defaultMessage: 'Link' },
  linkHint: { id: 'eventForm.linkHint', defaultMessage: 'An http:// or https:// address' },
  linkSchemeAdded: { id: 'eventForm.linkSchemeAdded', defaultMessage: 'https:// was added in front of the address.' },
});
