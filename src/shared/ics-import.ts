/** Something in an imported file that was not imported, by its UID (or the one derived for an event without), and why. */
export interface IcsSkippedItem {
  uid: string;
  reason: string;
}

/** What POST /api/calendars/{id}/import did, or would do (?preview=true): events (a series once) and what was skipped. */
export interface IcsImportResult {
  created: number;
  updated: number;
  unchanged: number;
  skipped: IcsSkippedItem[];
}
