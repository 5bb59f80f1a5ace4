import { defineMessages } from 'react-intl';

/** "Add to my Outlook calendar" in the event's details. */
export const OUTLOOK_MESSAGES = defineMessages({
  add: { id: 'outlook.add', defaultMessage: 'Add to my Outlook calendar' },
  update: { id: 'outlook.update', defaultMessage: 'Update my Outlook copy' },
  adding: { id: 'outlook.adding', defaultMessage: 'Adding to your Outlook calendar…' },
  inOutlook: { id: 'outlook.inOutlook', defaultMessage: 'In your Outlook calendar' },
  added: { id: 'outlook.added', defaultMessage: 'Added to your Outlook calendar' },
  updated: { id: 'outlook.updated', defaultMessage: 'Your Outlook copy is up to date' },
  failed: { id: 'outlook.failed', defaultMessage: 'The event could not be added to your Outlook calendar' },
  cannotRepeat: {
    id: 'outlook.cannotRepeat',
    defaultMessage: 'Outlook cannot repeat this series exactly as it repeats here, so nothing was added.',
  },
  needsAccess: { id: 'outlook.needsAccess', defaultMessage: 'Company Calendar needs your permission to add events to your Outlook calendar.' },
  allowAccess: { id: 'outlook.allowAccess', defaultMessage: 'Allow access' },
  bodyJoinMeeting: { id: 'outlook.bodyJoinMeeting', defaultMessage: 'Join the Microsoft Teams meeting' },
  bodyOpenInApp: { id: 'outlook.bodyOpenInApp', defaultMessage: 'Open in Company Calendar' },
  accessNotAllowed: { id: 'outlook.accessNotAllowed', defaultMessage: 'Access to your Outlook calendar was not allowed' },
});
