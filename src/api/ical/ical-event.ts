// One event as VEVENT components: a single event, or a series (RRULE, EXDATE, RDATE) with each changed occurrence as a
// component of its own carrying RECURRENCE-ID, as RFC 5545 §3.8.4.4 and every calendar client expect.
import ICAL from 'ical.js';
import type { CalendarEvent, OccurrenceOverride } from '../../shared/event-schema.ts';
import { localDateTimeMs, localStartOf, occurrenceLocalStart } from '../../shared/local-date-time.ts';
import { plainTextToHtml } from '../../shared/rich-text.ts';
import { eventTimeMs, isDateOnly, ZONE_FORMATTERS_MAX, zoneDateFormatter } from '../../shared/time.ts';
import { fallbackReport, richTextToPlainWithLinks, type RenderingFallback, type RenderingLog } from '../content/sanitise-html.ts';
import { eventAppLink } from '../http/request-origin.ts';
import { isoDate, isoInstant } from '../recurrence/iso-instant.ts';
import { wallClockMs } from '../recurrence/zone-offsets.ts';
import './ical-text-properties.ts';

/** What an export knows beyond the event itself. */
export interface IcsEventContext {
  /** The right-hand side of every UID: `{eventId}@{uidDomain}`. */
  uidDomain: string;
  /** The web app's origin, for URL (the event's link in the app); no URL without it. */
  origin?: string;
  /** Category names by id, for CATEGORIES. */
  categoryNames: ReadonlyMap<string, string>;
  /** Where an event whose description could not be converted as written is reported. */
  log?: RenderingLog;
}

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']);

const canonicalZones = new Map<string, string>();

/** The zone's canonical name (a stored zone may be written in any letter case): what TZID and its VTIMEZONE carry. */
export function canonicalZone(timeZone: string): string {
  let canonical = canonicalZones.get(timeZone);
  if (canonical === undefined) {
    // The shared formatter, made once per zone: a new Intl.DateTimeFormat per event was a third of an export's time.
    canonical = zoneDateFormatter(timeZone).resolvedOptions().timeZone;
    if (canonicalZones.size >= ZONE_FORMATTERS_MAX) canonicalZones.clear();
    canonicalZones.set(timeZone, canonical);
  }
  return canonical;
}

/** The zone a timed value is written in, or null for UTC (written with Z, needing no VTIMEZONE). */
export function zoneOfEvent(event: Pick<CalendarEvent, 'allDay' | 'extendedProps'>): string | null {
  if (event.allDay) return null;
  const zone = canonicalZone(event.extendedProps.timeZone);
  return UTC_ZONES.has(zone) ? null : zone;
}

function timeFromUtcParts(ms: number, zone: ICAL.Timezone | undefined, isDate: boolean): ICAL.Time {
  const d = new Date(ms);
  const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  if (isDate) return ICAL.Time.fromData({ ...date, isDate: true });
  return ICAL.Time.fromData({ ...date, hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), isDate: false }, zone);
}

/** Adds a date or date-time property: a date as DATE, an instant in the zone's local time with TZID, or in UTC. */
function addTime(component: ICAL.Component, name: string, value: string, zone: string | null): void {
  if (isDateOnly(value)) {
    component.addPropertyWithValue(name, timeFromUtcParts(eventTimeMs(value), undefined, true));
    return;
  }
  const instantMs = eventTimeMs(value);
  if (zone === null) {
    component.addPropertyWithValue(name, timeFromUtcParts(instantMs, ICAL.Timezone.utcTimezone, false));
    return;
  }
  const property = component.addPropertyWithValue(name, timeFromUtcParts(wallClockMs(instantMs, zone), undefined, false));
  property.setParameter('tzid', zone);
}

function addUtcStamp(component: ICAL.Component, name: string, iso: string): void {
  component.addPropertyWithValue(name, timeFromUtcParts(Date.parse(iso), ICAL.Timezone.utcTimezone, false));
}

function addText(component: ICAL.Component, name: string, value: string): void {
  if (value !== '') component.addPropertyWithValue(name, value);
}

interface DescriptionExtras {
  url: string;
  meetingUrl: string;
  /** Told when the description could not be converted as written. */
  onFallback: RenderingFallback | undefined;
}

/**
 * The plain text and, when the description has formatting plain text would lose, its HTML: not when it could not be
 * converted as written (its markup is what failed), then its text stripped of markup alone.
 */
function descriptions(html: string, extras: DescriptionExtras): { plain: string; html: string | null } {
  let convertedAsWritten = true;
  const text = richTextToPlainWithLinks(html, (reason) => {
    convertedAsWritten = false;
    extras.onFallback?.(reason);
  });
  const lines = [
    text,
    extras.url ? `Link: ${extras.url}` : '',
    extras.meetingUrl ? `Join the Microsoft Teams meeting: ${extras.meetingUrl}` : '',
  ].filter(Boolean);
  const isRich = convertedAsWritten && html !== '' && html !== plainTextToHtml(text);
  return { plain: lines.join('\n\n'), html: isRich ? html : null };
}

function addDescription(component: ICAL.Component, html: string, extras: DescriptionExtras): void {
  const { plain, html: rich } = descriptions(html, extras);
  addText(component, 'description', plain);
  if (rich === null) return;
  const property = new ICAL.Property('x-alt-desc');
  property.setParameter('fmttype', 'text/html');
  property.setValue(`<html><body>${rich}</body></html>`);
  component.addProperty(property);
}

/** The Teams meeting where clients look for it: Outlook's own property and RFC 7986's CONFERENCE. */
function addMeeting(component: ICAL.Component, meetingUrl: string): void {
  if (!meetingUrl) return;
  component.addPropertyWithValue('x-microsoft-skypeteamsmeetingurl', meetingUrl);
  const conference = new ICAL.Property('conference');
  conference.resetType('uri');
  conference.setParameter('feature', 'VIDEO');
  conference.setParameter('label', 'Microsoft Teams');
  conference.setValue(meetingUrl);
  component.addProperty(conference);
}

interface Shown {
  title: string;
  description: string;
  location: string;
  url: string;
}

/** Who the component is and which version: the same in the series' component and its changed occurrences'. */
function identity(component: ICAL.Component, event: CalendarEvent, context: IcsEventContext): void {
  const { extendedProps: props } = event;
  component.addPropertyWithValue('uid', `${event.id}@${context.uidDomain}`);
  // The last change's time, not the export's: the same data then gives the same file, and its ETag holds.
  addUtcStamp(component, 'dtstamp', props.updatedAt);
  addUtcStamp(component, 'created', props.createdAt);
  addUtcStamp(component, 'last-modified', props.updatedAt);
  component.addPropertyWithValue('sequence', props.version - 1);
}

/** The link back into the app, the category and the Teams meeting: the series' own, for every component. */
function links(component: ICAL.Component, event: CalendarEvent, context: IcsEventContext, linkId: string): void {
  const { extendedProps: props } = event;
  if (context.origin) component.addPropertyWithValue('url', eventAppLink(context.origin, linkId));
  const category = context.categoryNames.get(props.categoryId);
  if (category) component.addPropertyWithValue('categories', category);
  addMeeting(component, props.onlineMeetingUrl);
}

function shownText(component: ICAL.Component, shown: Shown, meetingUrl: string, onFallback: RenderingFallback | undefined): void {
  component.addPropertyWithValue('summary', shown.title);
  addText(component, 'location', shown.location);
  addDescription(component, shown.description, { url: shown.url, meetingUrl, onFallback });
}

/**
 * DTSTART and DTEND. A series given in local time starts at that time (RFC 5545 §3.3.5 reads DTSTART;TZID=… at a time
 * its zone skips as that day's later time, as we do), so its rule repeats it; when the zone skips it, its length is
 * written as DURATION, since DTEND at its wall-clock end would make the skipped first day last no time at all.
 */
function addStartAndEnd(component: ICAL.Component, event: CalendarEvent, zone: string | null): void {
  const localStart = event.rrule && zone !== null ? localStartOf({ start: event.start, localStart: event.extendedProps.localStart, timeZone: zone }) : '';
  if (!localStart) {
    addTime(component, 'dtstart', event.start, zone);
    addTime(component, 'dtend', event.end, zone);
    return;
  }
  const startWallMs = localDateTimeMs(localStart);
  component.addPropertyWithValue('dtstart', timeFromUtcParts(startWallMs, undefined, false)).setParameter('tzid', zone!);
  const startMs = eventTimeMs(event.start);
  if (wallClockMs(startMs, zone!) === startWallMs) addTime(component, 'dtend', event.end, zone);
  else component.addPropertyWithValue('duration', ICAL.Duration.fromSeconds((eventTimeMs(event.end) - startMs) / 1000));
}

/**
 * An occurrence's original start (EXDATE, RECURRENCE-ID) as the rule names it: for a series started in local time, at
 * that time of day, so that an occurrence the zone skips is named 02:30 as its DTSTART is, not by its instant's 03:30.
 */
function addOccurrenceTime(component: ICAL.Component, name: string, recurrenceId: string, event: CalendarEvent, zone: string | null): void {
  const local = zone === null || event.allDay ? '' : occurrenceLocalStart({ start: event.start, localStart: event.extendedProps.localStart, timeZone: zone }, recurrenceId);
  if (local) component.addPropertyWithValue(name, timeFromUtcParts(localDateTimeMs(local), undefined, false)).setParameter('tzid', zone!);
  else addTime(component, name, recurrenceId, zone);
}

function seriesComponent(event: CalendarEvent, context: IcsEventContext, zone: string | null): ICAL.Component {
  const component = new ICAL.Component('vevent');
  identity(component, event, context);
  addStartAndEnd(component, event, zone);
  if (event.rrule) {
    component.addPropertyWithValue('rrule', ICAL.Recur.fromString(event.rrule));
    for (const skipped of event.exdate ?? []) addOccurrenceTime(component, 'exdate', skipped, event, zone);
    for (const extra of event.rdate ?? []) addTime(component, 'rdate', extra, zone);
  }
  const { description, location, onlineMeetingUrl } = event.extendedProps;
  shownText(component, { title: event.title, description, location, url: event.url ?? '' }, onlineMeetingUrl, fallbackReport(context.log, event.id));
  links(component, event, context, event.id);
  return component;
}

/** The original occurrence's end: its recurrence id (its original start) plus the series' duration. */
function originalEnd(event: CalendarEvent, recurrenceId: string): string {
  const endMs = eventTimeMs(recurrenceId) + eventTimeMs(event.end) - eventTimeMs(event.start);
  return event.allDay ? isoDate(endMs) : isoInstant(endMs);
}

function overrideComponent(event: CalendarEvent, context: IcsEventContext, zone: string | null, [recurrenceId, override]: [string, OccurrenceOverride]): ICAL.Component {
  const component = new ICAL.Component('vevent');
  identity(component, event, context);
  addOccurrenceTime(component, 'recurrence-id', recurrenceId, event, zone);
  const start = override.start ?? recurrenceId;
  addTime(component, 'dtstart', start, isDateOnly(start) ? null : zone);
  const end = override.end ?? originalEnd(event, recurrenceId);
  addTime(component, 'dtend', end, isDateOnly(end) ? null : zone);
  const props = event.extendedProps;
  shownText(
    component,
    {
      title: override.title ?? event.title,
      description: override.description ?? props.description,
      location: override.location ?? props.location,
      url: override.url ?? event.url ?? '',
    },
    props.onlineMeetingUrl,
    fallbackReport(context.log, `${event.id}:${recurrenceId}`),
  );
  links(component, event, context, `${event.id}:${recurrenceId}`);
  return component;
}

/** The event's components: one for a single event; a series' own, then one per changed occurrence. */
export function eventComponents(event: CalendarEvent, context: IcsEventContext): ICAL.Component[] {
  const zone = zoneOfEvent(event);
  const overrides = event.rrule ? Object.entries(event.extendedProps.overrides ?? {}) : [];
  return [seriesComponent(event, context, zone), ...overrides.map((entry) => overrideComponent(event, context, zone, entry))];
}
