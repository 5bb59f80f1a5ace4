import { defineMessages } from 'react-intl';

/** The help page: how calendars, roles and sharing work, and where the keyboard shortcuts are. */
export const HELP_MESSAGES = defineMessages({
  title: { id: 'help.title', defaultMessage: 'Help' },
  intro: {
    id: 'help.intro',
    defaultMessage: 'Company Calendar shows your organisation’s shared calendars, such as holidays, team events and deadlines, in one place.',
  },
  calendarsHeading: { id: 'help.calendarsHeading', defaultMessage: 'Calendars' },
  calendarsBody: {
    id: 'help.calendarsBody',
    defaultMessage:
      'Each calendar has a name and a colour, and its events show in that colour. Under Calendars, tick the ones you want to see; the ones you hide stay hidden in this browser. There you can also choose the time zone the events are shown in.',
  },
  rolesHeading: { id: 'help.rolesHeading', defaultMessage: 'Who can do what' },
  roleReader: { id: 'help.roleReader', defaultMessage: 'Readers: everyone who signs in sees every calendar and its events.' },
  roleEditor: {
    id: 'help.roleEditor',
    defaultMessage: 'Editors: the people and groups a calendar lists as its editors also add, change, move and delete its events.',
  },
  roleAdmin: {
    id: 'help.roleAdmin',
    defaultMessage: 'Admins: they edit every calendar’s events, and under Manage calendars they create, rename and delete calendars and choose their editors.',
  },
  sharingHeading: { id: 'help.sharingHeading', defaultMessage: 'Sharing' },
  sharingBody: {
    id: 'help.sharingBody',
    defaultMessage:
      'There is nothing to share by hand: everyone in your organisation sees the same calendars. To show some of them in Teams, add Company Calendar as a tab to a channel or chat and choose its calendars; on a SharePoint page, add it as a web part.',
  },
  shortcutsHeading: { id: 'help.shortcutsHeading', defaultMessage: 'Keyboard shortcuts' },
  shortcutsBody: {
    id: 'help.shortcutsBody',
    defaultMessage: 'In the calendar, press ? to see every keyboard shortcut, or choose Keyboard shortcuts in the More options menu.',
  },
  moreHelp: { id: 'help.moreHelp', defaultMessage: 'For anything else, ask your organisation’s IT department.' },
});
