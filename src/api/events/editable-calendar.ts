import type { StoredCalendar } from '../stores/repository.ts';

declare const editable: unique symbol;
/** A calendar the caller may change events in: only the event service makes one, so no write skips the check. */
export type EditableCalendar = StoredCalendar & { readonly [editable]: true };
