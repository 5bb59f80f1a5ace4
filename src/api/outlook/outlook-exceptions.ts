// A series' skipped occurrences (exdates) and changed ones (overrides), applied to its copy in Outlook after the
// series itself: Graph has no exdates, so each is found among the copy's instances by its original start, then
// cancelled (deleted) or changed (patched). Instances are read a few weeks at a time, only around the exceptions.
import { Temporal } from 'temporal-polyfill';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { addDays, isDateOnly } from '../../shared/time.ts';
import type { GraphClient } from '../graph/graph-client.ts';
import type { GraphUser } from '../graph/obo-token.ts';
import { recurrenceIdMs } from '../recurrence/expand-series.ts';
import { toOutlookEvent, type OutlookLinks } from './outlook-event.ts';

/** The most skipped and changed occurrences a copy carries over: each costs Graph requests within one add. */
export const OUTLOOK_EXCEPTIONS_MAX = 100;
/** How many days of the copy's instances one Graph request reads. */
const INSTANCE_WINDOW_DAYS = 31;
const DAY_MS = 86_400_000;

interface GraphInstance {
  id: string;
  originalStart: string;
}

/** One exception to carry over: its recurrence id, and the change (a patch body) or null to cancel it. */
interface SeriesException {
  recurrenceId: string;
  change: object | null;
}

/** The occurrence as an event of its own, with its override's fields: what its instance in Outlook should say. */
function overriddenOccurrence(series: CalendarEvent, recurrenceId: string): CalendarEvent {
  const override = series.extendedProps.overrides?.[recurrenceId] ?? {};
  const originalEnd = series.allDay
    ? addDays(recurrenceId, Temporal.PlainDate.from(series.start).until(series.end).days)
    : new Date(recurrenceIdMs(recurrenceId, false) + Date.parse(series.end) - Date.parse(series.start)).toISOString();
  return {
    ...series,
    title: override.title ?? series.title,
    start: override.start ?? recurrenceId,
    end: override.end ?? originalEnd,
    allDay: override.allDay ?? series.allDay,
    rrule: '',
    extendedProps: {
      ...series.extendedProps,
      description: override.description ?? series.extendedProps.description,
      location: override.location ?? series.extendedProps.location,
    },
  };
}

/** The series' exceptions as Outlook changes, or the reason there are too many to carry over. */
export function seriesExceptions(series: CalendarEvent, links: OutlookLinks): { ok: true; exceptions: SeriesException[] } | { ok: false; reason: string } {
  const skipped = (series.exdate ?? []).map((recurrenceId) => ({ recurrenceId, change: null }));
  const changed = Object.keys(series.extendedProps.overrides ?? {}).flatMap((recurrenceId) => {
    // An occurrence is a single event in the series' zone, which the series itself was shown to suit.
    const built = toOutlookEvent(overriddenOccurrence(series, recurrenceId), links);
    if (!built.ok) return [];
    const { subject, body, start, end, isAllDay, location } = built.body;
    return [{ recurrenceId, change: { subject, body, start, end, isAllDay, location } }];
  });
  const exceptions = [...skipped, ...changed];
  if (exceptions.length > OUTLOOK_EXCEPTIONS_MAX) {
    return { ok: false, reason: `This series has ${exceptions.length} skipped or changed occurrences; an Outlook copy carries at most ${OUTLOOK_EXCEPTIONS_MAX}` };
  }
  return { ok: true, exceptions };
}

/** An instance's original start as our recurrence ids say it: an instant (ms), or the date in the series' zone. */
function originalKey(originalStart: string, series: CalendarEvent): string {
  if (!series.allDay) return String(Date.parse(originalStart));
  return Temporal.Instant.from(originalStart).toZonedDateTimeISO(series.extendedProps.timeZone).toPlainDate().toString();
}
const recurrenceKey = (recurrenceId: string) => (isDateOnly(recurrenceId) ? recurrenceId : String(recurrenceIdMs(recurrenceId, false)));

/** Windows of at most INSTANCE_WINDOW_DAYS covering every exception, a day either side for zones and all-day dates. */
function windowsAround(recurrenceIds: string[]): { start: string; end: string }[] {
  const times = recurrenceIds.map((id) => recurrenceIdMs(id, isDateOnly(id))).sort((a, b) => a - b);
  const windows: { startMs: number; endMs: number }[] = [];
  for (const ms of times) {
    const last = windows.at(-1);
    if (last && ms + DAY_MS <= last.startMs + INSTANCE_WINDOW_DAYS * DAY_MS) last.endMs = ms + 2 * DAY_MS;
    else windows.push({ startMs: ms - DAY_MS, endMs: ms + 2 * DAY_MS });
  }
  return windows.map(({ startMs, endMs }) => ({ start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() }));
}

async function instancesIn(graph: GraphClient, user: GraphUser, scopes: string[], copyId: string, window: { start: string; end: string }) {
  const found: GraphInstance[] = [];
  let page = await graph.request<{ value: GraphInstance[]; '@odata.nextLink'?: string }>(user, {
    path: `/me/events/${encodeURIComponent(copyId)}/instances`,
    query: { startDateTime: window.start, endDateTime: window.end, $select: 'id,originalStart', $top: '100' },
    scopes,
  });
  found.push(...page.value);
  while (page['@odata.nextLink']) {
    page = await graph.request(user, { path: page['@odata.nextLink'], scopes });
    found.push(...page.value);
  }
  return found;
}

/** Cancels the copy's skipped instances and changes its changed ones; one already cancelled is simply not found. */
export async function applyExceptions(
  graph: GraphClient,
  request: { user: GraphUser; scopes: string[]; copyId: string; series: CalendarEvent; exceptions: SeriesException[] },
): Promise<void> {
  const { user, scopes, copyId, series, exceptions } = request;
  if (exceptions.length === 0) return;
  const wanted = new Map(exceptions.map((exception) => [recurrenceKey(exception.recurrenceId), exception.change]));
  for (const window of windowsAround(exceptions.map((exception) => exception.recurrenceId))) {
    for (const instance of await instancesIn(graph, user, scopes, copyId, window)) {
      const key = originalKey(instance.originalStart, series);
      if (!wanted.has(key)) continue;
      const change = wanted.get(key);
      wanted.delete(key);
      const path = `/me/events/${encodeURIComponent(instance.id)}`;
      await graph.request(user, change ? { method: 'PATCH', path, body: change, scopes } : { method: 'DELETE', path, scopes });
    }
  }
}
