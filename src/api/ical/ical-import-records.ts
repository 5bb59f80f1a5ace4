// The components of a parsed .ics file read into plain records: each VEVENT's fields as this calendar can hold them,
// and every other component (tasks, journal entries, free/busy) listed as skipped, with why.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { IcsSkippedItem } from '../../shared/ics-import.ts';
import { ICS_IMPORT_LISTED_DATES_MAX } from '../../shared/limits.ts';
import { plainTextToHtml } from '../../shared/rich-text.ts';
import { isTeamsMeetingUrl } from '../../shared/meeting-url.ts';
import { isHttpUrl } from '../../shared/web-link.ts';
import { readFirstIcalTime, readIcalTime, readIcalTimes, timeText, UnknownZoneError, type IcalTime, type ZoneContext } from './ical-import-times.ts';
// X-ALT-DESC is TEXT (Outlook escapes its commas, semicolons and newlines): read it so whichever module loaded first.
import './ical-text-properties.ts';

/** Something in the file that was not imported, and why. */
export type SkippedItem = IcsSkippedItem;

/** A VEVENT as read: a series' master or a single event, or (with recurrenceId) one changed occurrence of a series. */
export interface VeventRecord {
  uid: string;
  recurrenceId: IcalTime | null;
  /** RANGE=THISANDFUTURE on the RECURRENCE-ID: a change to this and every later occurrence. */
  thisAndFuture: boolean;
  cancelled: boolean;
  sequence: number;
  /** LAST-MODIFIED, else DTSTAMP, as an ISO instant; '' when the file has neither. */
  modified: string;
  title: string;
  start: IcalTime;
  /** From DTEND or DTSTART + DURATION; null when the file gives neither. */
  end: IcalTime | null;
  /** HTML: X-ALT-DESC's when the file has one (sanitised on the write path), else DESCRIPTION's text made HTML. */
  description: string;
  location: string;
  url: string;
  categories: string[];
  onlineMeetingUrl: string;
  rrules: string[];
  exdates: IcalTime[];
  /** The RDATEs read: at most one past ICS_IMPORT_LISTED_DATES_MAX. */
  rdates: RdateValue[];
  /** How many RDATE values the event has. */
  rdateCount: number;
}

/** One RDATE: the start of an occurrence, and its own end when the RDATE is a PERIOD (else null). */
export interface RdateValue {
  start: IcalTime;
  end: IcalTime | null;
}

const OTHER_COMPONENTS: Readonly<Record<string, string>> = {
  vtodo: 'A task (VTODO) is not an event: only events are imported',
  vjournal: 'A journal entry (VJOURNAL) is not an event: only events are imported',
  vfreebusy: 'Free/busy time (VFREEBUSY) is not an event: only events are imported',
  vavailability: 'Availability (VAVAILABILITY) is not an event: only events are imported',
};

const text = (component: ICAL.Component, name: string): string => {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
};

/** A UID for an event the file gives none: the SHA-256 of its content less DTSTAMP, so the same event gets the same one. */
function derivedUid(component: ICAL.Component): string {
  const copy = new ICAL.Component(structuredClone(component.jCal));
  copy.removeAllProperties('dtstamp');
  return `derived-${createHash('sha256').update(copy.toString()).digest('hex').slice(0, 32)}`;
}

export function uidOf(component: ICAL.Component): string {
  return text(component, 'uid').trim() || derivedUid(component);
}

/** A time a length later: days on the calendar for a date, exact time for a date-time. */
export function later(start: IcalTime, seconds: number): IcalTime {
  if (start.kind === 'instant') return { ...start, ms: start.ms + seconds * 1000, floatingMs: start.floatingMs + seconds * 1000 };
  return { kind: 'date', date: new Date(Date.parse(start.date) + Math.round(seconds / 86_400) * 86_400_000).toISOString().slice(0, 10) };
}

/** The end from DTEND, or DTSTART plus DURATION (days on the calendar for dates, exact time for date-times). */
function endOf(component: ICAL.Component, start: IcalTime, ctx: ZoneContext): IcalTime | null {
  const end = readFirstIcalTime(component, 'dtend', ctx);
  if (end) return end;
  const duration = component.getFirstPropertyValue('duration');
  return duration instanceof ICAL.Duration ? later(start, duration.toSeconds()) : null;
}

/** One RDATE value: a date or date-time, or a PERIOD (its start, and its end or length). */
function rdateOf(value: unknown, tzid: string | undefined, ctx: ZoneContext): RdateValue | null {
  if (typeof value === 'string') return { start: readIcalTime(value, tzid, ctx), end: null };
  if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') return null;
  const start = readIcalTime(value[0], tzid, ctx);
  return { start, end: /^[+-]?P/.test(value[1]) ? later(start, ICAL.Duration.fromString(value[1]).toSeconds()) : readIcalTime(value[1], tzid, ctx) };
}

/**
 * The RDATE values, read up to one past ICS_IMPORT_LISTED_DATES_MAX (an event with more is skipped whatever they are:
 * a 5 MB file of RDATEs holds 300,000, too many to hold read in a reading thread's heap), and how many there are.
 */
function rdatesOf(component: ICAL.Component, ctx: ZoneContext): Pick<VeventRecord, 'rdates' | 'rdateCount'> {
  const rdates: RdateValue[] = [];
  let rdateCount = 0;
  for (const property of component.getAllProperties('rdate')) {
    const param = property.getParameter('tzid');
    const values = property.jCal.slice(3);
    rdateCount += values.length;
    for (const value of values.slice(0, Math.max(0, ICS_IMPORT_LISTED_DATES_MAX + 1 - rdates.length))) {
      const rdate = rdateOf(value, typeof param === 'string' ? param : undefined, ctx);
      if (rdate) rdates.push(rdate);
    }
  }
  return { rdates, rdateCount };
}

function descriptionOf(component: ICAL.Component): string {
  const html = component.getAllProperties('x-alt-desc').find((property) => String(property.getParameter('fmttype')).toLowerCase() === 'text/html');
  const value = html?.getFirstValue();
  return typeof value === 'string' && value.trim() !== '' ? value : plainTextToHtml(text(component, 'description'));
}

function modifiedOf(component: ICAL.Component, ctx: ZoneContext): string {
  const stamp = readFirstIcalTime(component, 'last-modified', ctx) ?? readFirstIcalTime(component, 'dtstamp', ctx);
  return stamp ? timeText(stamp) : '';
}

function recurrenceOf(component: ICAL.Component, ctx: ZoneContext): Pick<VeventRecord, 'recurrenceId' | 'thisAndFuture'> {
  const property = component.getFirstProperty('recurrence-id');
  const range = property?.getParameter('range');
  return { recurrenceId: readFirstIcalTime(component, 'recurrence-id', ctx), thisAndFuture: String(range).toUpperCase() === 'THISANDFUTURE' };
}

function linksOf(component: ICAL.Component): Pick<VeventRecord, 'url' | 'onlineMeetingUrl'> {
  const url = text(component, 'url').trim();
  const meeting = text(component, 'x-microsoft-skypeteamsmeetingurl').trim();
  // A link the event cannot hold is left out, not the event: the rest of it is still worth having.
  return { url: isHttpUrl(url) ? url : '', onlineMeetingUrl: isTeamsMeetingUrl(meeting) ? meeting : '' };
}

function readVevent(component: ICAL.Component, uid: string, ctx: ZoneContext): VeventRecord | SkippedItem {
  const start = readFirstIcalTime(component, 'dtstart', ctx);
  if (!start) return { uid, reason: 'The event has no start (DTSTART)' };
  return {
    uid,
    ...recurrenceOf(component, ctx),
    cancelled: text(component, 'status').toUpperCase() === 'CANCELLED',
    sequence: Math.max(0, Number(component.getFirstPropertyValue('sequence') ?? 0) || 0),
    modified: modifiedOf(component, ctx),
    title: text(component, 'summary').trim(),
    start,
    end: endOf(component, start, ctx),
    description: descriptionOf(component),
    location: text(component, 'location').trim(),
    ...linksOf(component),
    categories: component.getAllProperties('categories').flatMap((property) => property.getValues().map(String)),
    rrules: component.getAllProperties('rrule').map((property) => String(property.getFirstValue())),
    exdates: readIcalTimes(component, 'exdate', ctx),
    ...rdatesOf(component, ctx),
  };
}

/** Every component of the file's calendars: the events read, everything else skipped with its reason. */
export function readComponents(calendars: readonly ICAL.Component[], ctx: ZoneContext): { events: VeventRecord[]; skipped: SkippedItem[] } {
  const events: VeventRecord[] = [];
  const skipped: SkippedItem[] = [];
  for (const component of calendars.flatMap((calendar) => calendar.getAllSubcomponents())) {
    if (component.name === 'vtimezone') continue;
    const uid = uidOf(component);
    const other = OTHER_COMPONENTS[component.name];
    if (component.name !== 'vevent') {
      skipped.push({ uid, reason: other ?? `${component.name.toUpperCase()} is not an event: only events are imported` });
      continue;
    }
    try {
      const read = readVevent(component, uid, ctx);
      if ('reason' in read) skipped.push(read);
      else events.push(read);
    } catch (error) {
      if (!(error instanceof UnknownZoneError)) throw error;
      skipped.push({ uid, reason: error.message });
    }
  }
  return { events, skipped };
}
