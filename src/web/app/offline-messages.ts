/** What the app says while it shows the offline copy. */
export const OFFLINE_MESSAGES = {
  showingAsOf: (time: string) => `Offline: showing events as of ${time}`,
  unreachable: 'Offline: the calendar server cannot be reached',
  readOnly: 'You can look around; creating, editing, moving and deleting events come back when the connection does.',
} as const;
