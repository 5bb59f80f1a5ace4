// .ics files that attack an import: the issue's measured ones, and one merely as large as every cap allows.
import { ICS_IMPORT_COMPONENTS_MAX, ICS_IMPORT_MAX_BYTES } from '../../../src/shared/limits.ts';

/** Every FREQ an RRULE may name. */
export const FREQUENCIES = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;

const lines = (...all: string[]) => `${all.join('\r\n')}\r\n`;

/** About 700 bytes: a zone of its own whose two observances repeat at `freq` from 1900, and an event in it. */
export function zoneRuleAttack(freq: string, tzid = 'Attack Zone'): string {
  const observance = (kind: string, time: string, from: string, to: string) => [`BEGIN:${kind}`, `DTSTART:19000101T${time}`, `RRULE:FREQ=${freq}`, `TZOFFSETFROM:${from}`, `TZOFFSETTO:${to}`, `END:${kind}`];
  return lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Attack//EN',
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    ...observance('STANDARD', '000000', '+0100', '+0000'),
    ...observance('DAYLIGHT', '003000', '+0000', '+0100'),
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:zone-attack@example.com',
    'DTSTAMP:20270101T000000Z',
    `DTSTART;TZID=${tzid}:20270105T090000`,
    `DTEND;TZID=${tzid}:20270105T100000`,
    'SUMMARY:In a zone that changes every moment',
    'END:VEVENT',
    'END:VCALENDAR',
  );
}

/** One property of `count` parameters (800,000 make a 4.9 MB line), inside an event. */
export function parametersAttack(count = 800_000): string {
  return lines('BEGIN:VCALENDAR', 'BEGIN:VEVENT', `X-P${';A=b'.repeat(count)}:v`, 'END:VEVENT', 'END:VCALENDAR');
}

/** `depth` VCALENDARs, each inside the one before. */
export function nestingAttack(depth = 150_000): string {
  return 'BEGIN:VCALENDAR\r\n'.repeat(depth) + 'END:VCALENDAR\r\n'.repeat(depth);
}

/** A file just under ICS_IMPORT_MAX_BYTES of one-character properties: a million lines. */
export function linesAttack(): string {
  return lines('BEGIN:VCALENDAR', 'BEGIN:VEVENT', `${'X:1\r\n'.repeat(Math.floor((ICS_IMPORT_MAX_BYTES - 100) / 5))}END:VEVENT`, 'END:VCALENDAR');
}

/**
 * A valid file as large as the caps allow: ICS_IMPORT_COMPONENTS_MAX events (a weekly series among them), each with a
 * description that brings the file near ICS_IMPORT_MAX_BYTES.
 */
export function largestFile(events = ICS_IMPORT_COMPONENTS_MAX): string {
  const descriptionLength = Math.floor((ICS_IMPORT_MAX_BYTES * 0.9) / events) - 300;
  const vevent = (i: number) => {
    const day = String(1 + (i % 28)).padStart(2, '0');
    return [
      'BEGIN:VEVENT',
      `UID:largest-${i}@example.com`,
      'DTSTAMP:20270101T000000Z',
      `DTSTART:202703${day}T090000Z`,
      `DTEND:202703${day}T100000Z`,
      ...(i % 10 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
      `SUMMARY:Meeting ${i}`,
      `DESCRIPTION:${`Agenda item ${i}\\, notes. `.repeat(Math.ceil(descriptionLength / 24)).slice(0, descriptionLength)}`,
      'END:VEVENT',
    ];
  };
  return lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Largest//EN', ...Array.from({ length: events }, (_, i) => vevent(i)).flat(), 'END:VCALENDAR');
}

/** A date-time as iCalendar writes it, `hours` after 1 January 2027 09:00 UTC. */
const hoursOn = (hours: number) => new Date(Date.UTC(2027, 0, 1, 9) + hours * 3_600_000).toISOString().replace(/[-:]|\.\d{3}Z/g, '');

/** Near ICS_IMPORT_MAX_BYTES of RDATEs on one event (about 300,000 dates, lines of 9,000): each could be an event. */
export function listedDatesAttack(): string {
  const perLine = 9_000;
  const lineCount = Math.floor((ICS_IMPORT_MAX_BYTES * 0.95) / (perLine * 16 + 30));
  const rdates = Array.from({ length: lineCount }, (_, line) => `RDATE;TZID=Europe/Berlin:${Array.from({ length: perLine }, (_, i) => hoursOn(line * perLine + i)).join(',')}`);
  return lines('BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:listed-dates-attack@example.com', 'DTSTART;TZID=Europe/Berlin:20270101T090000', ...rdates, 'SUMMARY:Every hour', 'END:VEVENT', 'END:VCALENDAR');
}

/** A daily series and ICS_IMPORT_COMPONENTS_MAX − 1 changes to "this and all later" occurrences, one a day. */
export function splitsAttack(): string {
  const change = (day: number) => ['BEGIN:VEVENT', 'UID:splits-attack@example.com', `RECURRENCE-ID;RANGE=THISANDFUTURE:${hoursOn(24 * day)}Z`, `DTSTART:${hoursOn(24 * day + 1)}Z`, `SUMMARY:From day ${day}`, 'END:VEVENT'];
  const series = ['BEGIN:VEVENT', 'UID:splits-attack@example.com', `DTSTART:${hoursOn(0)}Z`, 'RRULE:FREQ=DAILY', 'SUMMARY:Daily', 'END:VEVENT'];
  return lines('BEGIN:VCALENDAR', ...series, ...Array.from({ length: ICS_IMPORT_COMPONENTS_MAX - 1 }, (_, i) => change(i + 1)).flat(), 'END:VCALENDAR');
}

/** ICS_IMPORT_COMPONENTS_MAX events, each with a line that cannot be read: every one is skipped, naming its line. */
export function brokenItemsAttack(): string {
  const event = (i: number) => ['BEGIN:VEVENT', `UID:broken-${i}@example.com`, `DTSTART;TZID="(UTC+01:00) Amsterdam:2027010${1 + (i % 9)}T090000`, 'END:VEVENT'];
  return lines('BEGIN:VCALENDAR', ...Array.from({ length: ICS_IMPORT_COMPONENTS_MAX }, (_, i) => event(i)).flat(), 'END:VCALENDAR');
}
