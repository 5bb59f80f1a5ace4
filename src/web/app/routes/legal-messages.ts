import { defineMessages } from 'react-intl';

/** The privacy statement and the terms of use, which the Teams app manifest links to. */
export const LEGAL_MESSAGES = defineMessages({
  privacyTitle: { id: 'legal.privacyTitle', defaultMessage: 'Privacy' },
  privacyIntro: {
    id: 'legal.privacyIntro',
    defaultMessage:
      'Company Calendar is run by your organisation. It keeps your organisation’s calendars and their events, and nothing about you beyond what those need.',
  },
  keptHeading: { id: 'legal.keptHeading', defaultMessage: 'What it keeps' },
  keptBody: {
    id: 'legal.keptBody',
    defaultMessage:
      'Your name and your account’s id, next to the events and calendars you create or change, so that others can see who did. The calendars you hide and the time zone you choose stay in your browser.',
  },
  signInHeading: { id: 'legal.signInHeading', defaultMessage: 'How you sign in' },
  signInBody: {
    id: 'legal.signInBody',
    defaultMessage:
      'With your organisation’s account (Microsoft 365 or your organisation’s sign-in). Company Calendar never sees your password; the sign-in it receives lasts a short while and stays in your browser.',
  },
  questionsHeading: { id: 'legal.questionsHeading', defaultMessage: 'Questions' },
  questionsBody: {
    id: 'legal.questionsBody',
    defaultMessage: 'Your organisation’s IT department answers them, and can tell you where the data is held and for how long.',
  },
  termsTitle: { id: 'legal.termsTitle', defaultMessage: 'Terms of use' },
  termsUse: {
    id: 'legal.termsUse',
    defaultMessage:
      'Company Calendar is provided by your organisation for its work. Use it as your organisation’s policies on its systems and information say.',
  },
  termsVisibility: {
    id: 'legal.termsVisibility',
    defaultMessage:
      'Events you add can be seen by everyone in your organisation who can read that calendar: add nothing they should not see. People with edit rights can change and delete events.',
  },
  termsSupport: { id: 'legal.termsSupport', defaultMessage: 'Your organisation’s IT department looks after Company Calendar and answers questions about it.' },
});
