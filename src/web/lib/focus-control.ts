/**
 * Focuses a form's control by its name, e.g. the first field with an error; a control that is no form element (an
 * editable area) names itself with data-control-name.
 */
export function focusControl(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name) ?? form?.querySelector(`[data-control-name="${CSS.escape(name)}"]`);
  if (control instanceof HTMLElement) control.focus();
}

/**
 * What focus goes back to when a dialog opened from the element closes: the element itself, or for a menu's item
 * the menu's button (the menu is gone by then). Null for the page itself.
 */
export function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === element.ownerDocument.body) return null;
  const menuButton = element.closest('[role=menu]')?.getAttribute('aria-labelledby');
  return menuButton ? element.ownerDocument.getElementById(menuButton) : element;
}
