/** What the user is told when an event changed or went away under them, worded the same everywhere. */
export const CHANGED_BY_SOMEONE_ELSE = 'This event was changed by someone else';
export const NO_LONGER_EXISTS = 'This event no longer exists';
export const MAYBE_DELETED = 'Someone may have deleted it.';
