/** Focuses a form's control by its name, e.g. the first field with an error. */
export function focusControl(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
