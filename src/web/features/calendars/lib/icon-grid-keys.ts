/** Icons per row of the icon picker: Up and Down move by as many. */
export const ICON_PICKER_COLUMNS = 8;

/**
 * The icon an arrow, Home or End key goes to from an index, in rows of ICON_PICKER_COLUMNS: Left and Right swap in a
 * right-to-left page, and a move stops at either end. Null for any other key.
 */
export function iconIndexAfterKey(key: string, index: number, count: number, rtl: boolean): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const moves: Record<string, number> = { [forward]: index + 1, [back]: index - 1, ArrowDown: index + ICON_PICKER_COLUMNS, ArrowUp: index - ICON_PICKER_COLUMNS };
  const next = moves[key];
  return next === undefined ? null : Math.min(count - 1, Math.max(0, next));
}
