import { defineMessage, defineMessages } from 'react-intl';

/** The side panel's category filter. */
export const CATEGORY_FILTER_MESSAGES = defineMessages({
  heading: { id: 'categoryFilter.heading', defaultMessage: 'Categories' },
  hint: { id: 'categoryFilter.hint', defaultMessage: 'Tick categories to show only their events.' },
  uncategorised: { id: 'categoryFilter.uncategorised', defaultMessage: 'Events without a category' },
  showAll: { id: 'categoryFilter.showAll', defaultMessage: 'Show all categories' },
});

/** Managing a calendar's categories, in the Manage calendars dialog, and what it reports. */
export const MANAGE_CATEGORIES_MESSAGES = defineMessages({
  calendarCategories: defineMessage<{ name: string }>({ id: 'manageCategories.calendarCategories', defaultMessage: 'Categories of {name}' }),
  none: { id: 'manageCategories.none', defaultMessage: 'This calendar has no categories yet.' },
  newCategory: { id: 'manageCategories.newCategory', defaultMessage: 'New category' },
  limitReached: defineMessage<{ max: number }>({
    id: 'manageCategories.limitReached',
    defaultMessage: 'A calendar has at most {max, plural, one {# category} other {# categories}}: delete one to add another.',
  }),
  editCategory: defineMessage<{ name: string }>({ id: 'manageCategories.editCategory', defaultMessage: 'Edit {name}' }),
  back: { id: 'manageCategories.back', defaultMessage: 'Back to calendars' },
  created: defineMessage<{ name: string }>({ id: 'manageCategories.created', defaultMessage: 'Category {name} created' }),
  saved: defineMessage<{ name: string }>({ id: 'manageCategories.saved', defaultMessage: 'Category {name} saved' }),
  deleted: defineMessage<{ name: string }>({ id: 'manageCategories.deleted', defaultMessage: 'Category {name} deleted' }),
  saveFailed: { id: 'manageCategories.saveFailed', defaultMessage: 'The category could not be saved' },
  deleteFailed: { id: 'manageCategories.deleteFailed', defaultMessage: 'The category could not be deleted' },
  conflict: {
    id: 'manageCategories.conflict',
    defaultMessage: 'This category was changed by someone else. The latest version is shown; make your changes again.',
  },
  gone: { id: 'manageCategories.gone', defaultMessage: 'This category was deleted by someone else.' },
  deleteCategory: defineMessage<{ name: string }>({ id: 'manageCategories.deleteCategory', defaultMessage: 'Delete {name}' }),
  deleteTitle: defineMessage<{ name: string }>({ id: 'manageCategories.deleteTitle', defaultMessage: 'Delete the category {name}?' }),
  countingEvents: { id: 'manageCategories.countingEvents', defaultMessage: 'Counting the events in this category…' },
  deleteWarning: defineMessage<{ count: number }>({
    id: 'manageCategories.deleteWarning',
    defaultMessage:
      '{count, plural, =0 {No event uses this category.} one {# event uses this category. It keeps everything but the category.} other {# events use this category. They keep everything but the category.}}',
  }),
  usageUnknown: {
    id: 'manageCategories.usageUnknown',
    defaultMessage: 'How many events use this category could not be found out. They keep everything but the category.',
  },
  deleteConfirm: { id: 'manageCategories.deleteConfirm', defaultMessage: 'Delete category' },
});

/** The category editor's fields, and what it says of their values. */
export const CATEGORY_EDITOR_MESSAGES = defineMessages({
  name: { id: 'categoryEditor.name', defaultMessage: 'Name' },
  characterCount: defineMessage<{ count: number; max: number }>({
    id: 'categoryEditor.characterCount',
    defaultMessage: '{count, plural, one {# of {max, number} characters} other {# of {max, number} characters}}',
  }),
  icon: { id: 'categoryEditor.icon', defaultMessage: 'Icon' },
  iconHint: { id: 'categoryEditor.iconHint', defaultMessage: 'Arrow keys move between icons.' },
  save: { id: 'categoryEditor.save', defaultMessage: 'Save category' },
  create: { id: 'categoryEditor.create', defaultMessage: 'Create category' },
  nameMissing: { id: 'categoryEditor.nameMissing', defaultMessage: 'Enter a name' },
  nameTooLong: defineMessage<{ max: number }>({
    id: 'categoryEditor.nameTooLong',
    defaultMessage: 'A category name has at most {max, plural, one {# character} other {# characters}}',
  }),
  iconMissing: { id: 'categoryEditor.iconMissing', defaultMessage: 'Choose one of the icons' },
});
