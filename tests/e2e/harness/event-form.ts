import type { Locator } from 'playwright-core';

// The form's dates and times are Fluent's pickers: they show the user's locale's writing (the tests' browser is
// en-US), and read what is typed when it is left, as a person does.

const SHOWN_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const SHOWN_TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
// ICU versions differ in the space before AM.
const spaced = (text: string) => text.replace(/\s/g, ' ');

/** A date (YYYY-MM-DD) as the form shows it: "Dec 1, 2026". */
export const shownDate = (iso: string) => SHOWN_DATE.format(new Date(`${iso}T00:00`));

/** A time (HH:MM) as the form shows it: "4:00 PM". */
export const shownTime = (hhmm: string) => spaced(SHOWN_TIME.format(new Date(`2026-01-01T${hhmm}`)));

/** What a date or time field shows, its spaces plain. */
export const shownValue = async (field: Locator) => spaced(await field.inputValue());

/** Types into a date or time picker and leaves it: the picker reads what was typed. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.blur();
}
