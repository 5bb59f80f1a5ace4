/** A calendar's categories' address in the API, or one category's. */
export function categoriesPath(calendarId: string, categoryId?: string): string {
  const base = `/calendars/${encodeURIComponent(calendarId)}/categories`;
  return categoryId === undefined ? base : `${base}/${encodeURIComponent(categoryId)}`;
}
