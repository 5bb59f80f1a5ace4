import type { Principal } from '../auth/principal.ts';
import { notFound } from '../errors.ts';
import type { Store, StoredCalendar } from '../stores/repository.ts';

/** The calendar, if the caller's tenant has it: another tenant's calendar is as good as missing (404, never 403). */
export async function calendarOrNotFound(store: Store, principal: Principal, calendarId: string): Promise<StoredCalendar> {
  const calendar = await store.calendars.get({ tenantId: principal.tenantId, calendarId });
  if (!calendar) throw notFound();
  return calendar;
}
