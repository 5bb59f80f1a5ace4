import { defineMessage, defineMessages } from 'react-intl';

/** The people picker of a calendar's editors: its list's states and its tags. */
export const PEOPLE_PICKER_MESSAGES = defineMessages({
  chosen: { id: 'peoplePicker.chosen', defaultMessage: 'Chosen editors' },
  typeToSearch: { id: 'peoplePicker.typeToSearch', defaultMessage: 'Type a name to find people and groups' },
  searching: { id: 'peoplePicker.searching', defaultMessage: 'Searching…' },
  noResults: defineMessage<{ query: string }>({ id: 'peoplePicker.noResults', defaultMessage: 'No people or groups match “{query}”' }),
  found: defineMessage<{ count: number }>({
    id: 'peoplePicker.found',
    defaultMessage: '{count, plural, one {# person or group found} other {# people and groups found}}',
  }),
  searchFailed: { id: 'peoplePicker.searchFailed', defaultMessage: 'The directory could not be searched. Try again.' },
  consentNeeded: {
    id: 'peoplePicker.consentNeeded',
    defaultMessage: 'Company Calendar may not search your organisation’s directory yet: ask a Microsoft 365 admin to allow it.',
  },
  unavailable: { id: 'peoplePicker.unavailable', defaultMessage: 'There is no directory to search here: type a user’s or group’s id.' },
  allowAccess: { id: 'peoplePicker.allowAccess', defaultMessage: 'Allow access' },
  accessNotAllowed: { id: 'peoplePicker.accessNotAllowed', defaultMessage: 'Access to the directory was not allowed' },
  addId: defineMessage<{ id: string }>({ id: 'peoplePicker.addId', defaultMessage: 'Add the id {id}' }),
  group: { id: 'peoplePicker.group', defaultMessage: 'Group' },
  groupWithDetail: defineMessage<{ detail: string }>({ id: 'peoplePicker.groupWithDetail', defaultMessage: 'Group · {detail}' }),
  notInDirectory: { id: 'peoplePicker.notInDirectory', defaultMessage: 'Not found in the directory' },
  namesFailed: { id: 'peoplePicker.namesFailed', defaultMessage: 'The editors’ names could not be loaded: their ids are shown.' },
});
