import { defineMessage, defineMessages } from 'react-intl';

/** A Teams or SharePoint tab's settings and removal pages. */
export const TAB_MESSAGES = defineMessages({
  openFromTeams: { id: 'tab.openFromTeams', defaultMessage: 'Open this page from Teams' },
  openFromTeamsDetail: {
    id: 'tab.openFromTeamsDetail',
    defaultMessage: 'It sets up a Company Calendar tab. Add Company Calendar to a channel, a chat or a SharePoint page to use it.',
  },
  chooseCalendars: { id: 'tab.chooseCalendars', defaultMessage: 'Choose the calendars for this tab' },
  chooseCalendarsDetail: {
    id: 'tab.chooseCalendarsDetail',
    defaultMessage: 'Everyone here sees their events. People with edit rights can add and change events in them.',
  },
  chooseAtLeastOne: { id: 'tab.chooseAtLeastOne', defaultMessage: 'Choose at least one calendar to save the tab.' },
  /** The tab's suggested name when its calendars' names do not fit: the first one's, and how many more. */
  nameAndMore: defineMessage<{ first: string; more: number }>({
    id: 'tab.nameAndMore',
    defaultMessage: '{first} and {more, plural, one {# more} other {# more}}',
  }),
  removeTitle: { id: 'tab.removeTitle', defaultMessage: 'Remove this tab?' },
  removeDetail: { id: 'tab.removeDetail', defaultMessage: 'Only the tab goes. Its calendars and their events stay in Company Calendar for everyone.' },
});
