import { defineMessage, defineMessages } from 'react-intl';

/** Importing an .ics file into a calendar: the menu item, the dialog with its preview, and what it reports. */
export const IMPORT_ICS_MESSAGES = defineMessages({
  menuItem: { id: 'icsImport.menuItem', defaultMessage: 'Import (.ics)…' },
  title: defineMessage<{ name: string }>({ id: 'icsImport.title', defaultMessage: 'Import into {name}' }),
  intro: {
    id: 'icsImport.intro',
    defaultMessage: 'Choose an iCalendar file (.ics) from Outlook, Google Calendar, Apple Calendar or another calendar. You see what it holds before anything is imported.',
  },
  fileLabel: { id: 'icsImport.fileLabel', defaultMessage: 'iCalendar file (.ics)' },
  dropHint: { id: 'icsImport.dropHint', defaultMessage: 'Or drop the file here.' },
  chooseFile: { id: 'icsImport.chooseFile', defaultMessage: 'Choose file…' },
  tooLarge: defineMessage<{ size: string; max: number }>({ id: 'icsImport.tooLarge', defaultMessage: 'This file is {size} MB; an import takes at most {max} MB.' }),
  reading: { id: 'icsImport.reading', defaultMessage: 'Reading the file…' },
  importing: { id: 'icsImport.importing', defaultMessage: 'Importing…' },
  previewHeading: defineMessage<{ fileName: string }>({ id: 'icsImport.previewHeading', defaultMessage: 'Importing {fileName} will add or change:' }),
  created: defineMessage<{ count: number }>({ id: 'icsImport.created', defaultMessage: '{count, plural, one {# new event} other {# new events}}' }),
  updated: defineMessage<{ count: number }>({ id: 'icsImport.updated', defaultMessage: '{count, plural, one {# event updated} other {# events updated}}' }),
  unchanged: defineMessage<{ count: number }>({ id: 'icsImport.unchanged', defaultMessage: '{count, plural, one {# event already here, unchanged} other {# events already here, unchanged}}' }),
  skipped: defineMessage<{ count: number }>({ id: 'icsImport.skipped', defaultMessage: '{count, plural, one {# item skipped} other {# items skipped}}' }),
  skippedHeading: { id: 'icsImport.skippedHeading', defaultMessage: 'Skipped, and why' },
  skippedItem: defineMessage<{ reason: string; uid: string }>({ id: 'icsImport.skippedItem', defaultMessage: '{reason} ({uid})' }),
  nothingToImport: { id: 'icsImport.nothingToImport', defaultMessage: 'Nothing to import: every event in this file is here already, or skipped.' },
  invalidFile: defineMessage<{ detail: string }>({ id: 'icsImport.invalidFile', defaultMessage: 'This file cannot be imported. {detail}' }),
  tooComplex: {
    id: 'icsImport.tooComplex',
    defaultMessage: 'Reading this file needs more time or memory than an import may use, so nothing was imported. Split it into smaller files, for example by year.',
  },
  failed: { id: 'icsImport.failed', defaultMessage: 'The import failed' },
  importButton: { id: 'icsImport.importButton', defaultMessage: 'Import' },
  imported: defineMessage<{ count: number; name: string }>({
    id: 'icsImport.imported',
    defaultMessage: '{count, plural, one {# event imported} other {# events imported}} into {name}',
  }),
});
