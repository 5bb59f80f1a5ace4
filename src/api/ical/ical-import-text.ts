// An .ics file's bytes read into jCal, line by line, with the first line at fault when it is not iCalendar or holds more
// than an import takes. ical.js's parse errors name no line, and its whole-file parser has no bounds (150,000 nested
// VCALENDARs overflow its stack), so the structure is walked and capped here, in one linear pass, and ical.js only
// parses each property's value.
import { isUtf8 } from 'node:buffer';
import ICAL from 'ical.js';
import {
  ICS_IMPORT_ALL_COMPONENTS_MAX,
  ICS_IMPORT_COMPONENTS_MAX,
  ICS_IMPORT_DEPTH_MAX,
  ICS_IMPORT_LINE_MAX,
  ICS_IMPORT_LINES_MAX,
  ICS_IMPORT_OBSERVANCES_MAX,
  ICS_IMPORT_PARAMETERS_MAX,
  ICS_IMPORT_VTIMEZONES_MAX,
} from '../../shared/limits.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** A content line unfolded, with the number of the file's line it starts on (from 1). */
export interface ContentLine {
  line: number;
  text: string;
}

const [LF, CR, SPACE, TAB] = [0x0a, 0x0d, 0x20, 0x09];

const count = (n: number) => n.toLocaleString('en');

const dropBom = (bytes: Uint8Array) => (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes);

/** Lines joined where RFC 5545 §3.1 folded them (a line starting with a space or tab continues the one before), numbered as in the file. */
function unfold<L extends { length: number; [index: number]: unknown }>(lines: readonly L[], isFold: (line: L) => boolean): { line: number; parts: L[] }[] {
  const logical: { line: number; parts: L[] }[] = [];
  lines.forEach((raw, index) => {
    const last = logical.at(-1);
    if (last && isFold(raw)) last.parts.push(raw);
    else logical.push({ line: index + 1, parts: [raw] });
  });
  return logical;
}

/** A file of more than ICS_IMPORT_LINES_MAX lines, found on its bytes before anything decodes them. */
export function lineCountFault(bytes: Uint8Array): SyntaxFault | null {
  const separator = bytes.includes(LF) ? LF : CR;
  // Each separator ends a line; so does the end of a file that has none after its last.
  let lines = bytes.length > 0 && bytes.at(-1) !== separator ? 1 : 0;
  for (let at = bytes.indexOf(separator); at >= 0 && lines <= ICS_IMPORT_LINES_MAX; at = bytes.indexOf(separator, at + 1)) lines++;
  if (lines <= ICS_IMPORT_LINES_MAX) return null;
  return { line: ICS_IMPORT_LINES_MAX + 1, message: `The file has more than ${count(ICS_IMPORT_LINES_MAX)} lines, the most an import takes: split it`, kind: 'limit' };
}

/** The file's lines as bytes, by CRLF, LF or (if the file has no LF at all) CR. */
function byteLines(body: Uint8Array): Uint8Array[] {
  const separator = body.includes(LF) ? LF : CR;
  const lines: Uint8Array[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at >= 0; from = at + 1, at = body.indexOf(separator, from)) {
    lines.push(body.subarray(from, at > from && body[at - 1] === CR && separator === LF ? at - 1 : at));
  }
  lines.push(body.subarray(from));
  return lines;
}

/** A file that is not UTF-8 as a whole: unfolded as bytes (a fold may split a character), then each line decoded. */
function foldedBytesLines(body: Uint8Array): ContentLine[] {
  const joined = unfold(byteLines(body), (raw) => raw[0] === SPACE || raw[0] === TAB).map(({ line, parts }) => ({
    line,
    bytes: Buffer.concat(parts.map((part, i) => (i === 0 ? part : part.subarray(1)))),
  }));
  const decoder = joined.every(({ bytes: line }) => isUtf8(line)) ? utf8 : windows1252;
  return joined.map(({ line, bytes: text }) => ({ line, text: decoder.decode(text) }));
}

/**
 * The file's content lines, unfolded, numbered as the file numbers its lines: UTF-8 (a BOM dropped), else windows-1252,
 * as older Outlook and Exchange write. CRLF, LF or CR; blank lines are dropped.
 */
export function contentLines(bytes: Uint8Array): ContentLine[] {
  const body = dropBom(bytes);
  // The usual case, and the fast one: the whole file is UTF-8, so no fold splits a character and text can be unfolded.
  const lines = isUtf8(body)
    ? unfold(utf8.decode(body).split(body.includes(LF) ? /\r?\n/ : '\r'), (raw) => raw.startsWith(' ') || raw.startsWith('\t')).map(({ line, parts }) => ({
        line,
        text: parts.map((part, i) => (i === 0 ? part : part.slice(1))).join(''),
      }))
    : foldedBytesLines(body);
  return lines.filter(({ text }) => text.trim() !== '');
}

export interface SyntaxFault {
  line: number;
  message: string;
  /** 'limit': the file may be iCalendar, but holds more than an import takes. */
  kind: 'syntax' | 'limit';
}

/** A fault found while walking the file, thrown to end the walk at once. */
class FaultAt extends Error {
  readonly fault: SyntaxFault;

  constructor(fault: SyntaxFault) {
    super(fault.message);
    this.fault = fault;
  }
}

const fail = (line: number, message: string, kind: SyntaxFault['kind'] = 'syntax'): never => {
  throw new FaultAt({ line, message: message[0]!.toUpperCase() + message.slice(1), kind });
};

// Sticky: each matches only where lastIndex points, so walking a line never copies what follows.
const NAME_AT = /[A-Za-z0-9-]+/y;
const UNQUOTED_AT = /[^;:,"]*/y;

/** The end of the match of a sticky pattern at `at` (at itself when nothing matches there). */
function endOf(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : at;
}

/** One parameter's value (quoted texts may hold colons; several are separated by commas), from `at`; where it ends. */
function skipParameterValue(text: string, at: number, name: string, line: number): number {
  for (;;) {
    if (text[at] === '"') {
      const close = text.indexOf('"', at + 1);
      if (close < 0) fail(line, `a quoted parameter of ${name} is never closed`);
      at = close + 1;
    } else at = endOf(UNQUOTED_AT, text, at);
    if (text[at] !== ',') return at;
    at++;
  }
}

/**
 * The line's name and where its value starts (after its colon), walked once, left to right: at most
 * ICS_IMPORT_PARAMETERS_MAX parameters.
 */
function headOf(text: string, line: number): { name: string; colon: number } {
  const nameEnd = endOf(NAME_AT, text, 0);
  if (nameEnd === 0) fail(line, 'a content line starts with a property name, such as DTSTART');
  const name = text.slice(0, nameEnd);
  let at = nameEnd;
  for (let parameters = 1; text[at] === ';'; parameters++) {
    if (parameters > ICS_IMPORT_PARAMETERS_MAX) fail(line, `${name} has more than ${ICS_IMPORT_PARAMETERS_MAX} parameters, the most an import takes`, 'limit');
    const paramEnd = endOf(NAME_AT, text, at + 1);
    if (paramEnd === at + 1 || text[paramEnd] !== '=') fail(line, `a parameter of ${name} has no NAME=value`);
    at = skipParameterValue(text, paramEnd + 1, name, line);
  }
  if (text[at] !== ':') fail(line, `${name} has no colon before its value`);
  return { name: name.toUpperCase(), colon: at };
}

const DATE = String.raw`\d{8}`;
const DATE_TIME = String.raw`\d{8}T\d{6}Z?`;
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE', 'DTSTAMP', 'LAST-MODIFIED', 'CREATED']);
const DATE_LIST = new RegExp(`^(?:${DATE_TIME}|${DATE})(?:,(?:${DATE_TIME}|${DATE}))*$`);
const PERIOD_LIST = /^[0-9TZ/+PWDHMS,-]+$/;

function isRealDateTime(value: string): boolean {
  const [y, mo, d, h = 0, mi = 0, s = 0] = [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8), value.slice(9, 11), value.slice(11, 13), value.slice(13, 15)]
    .filter((part) => part !== '')
    .map(Number);
  const date = new Date(Date.UTC(y!, mo! - 1, d!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d && h <= 23 && mi <= 59 && s <= 60;
}

const STRUCTURE_LINE = /^(?:BEGIN|END)[;:]/i;
const TIME_PROPERTY_LINE = /^(?:DTSTART|DTEND|DUE|RECURRENCE-ID|EXDATE|RDATE);/i;
const UNQUOTED_TZID = /;TZID=(?!")/gi;
const NEXT_PARAMETER = /;[A-Za-z0-9-]+=/g;

/**
 * A date property's line with its TZID quoted, when Exchange or older Outlook wrote a display name unquoted
 * ("DTSTART;TZID=(UTC+01:00) Amsterdam, Berlin:20270101T090000"): RFC 5545 §3.2 allows its colon and commas only
 * inside quotes, so the value is what follows the line's last colon. Null when there is nothing to repair.
 */
export function requotedTzid(text: string): string | null {
  if (!TIME_PROPERTY_LINE.test(text)) return null;
  UNQUOTED_TZID.lastIndex = 0;
  if (!UNQUOTED_TZID.test(text)) return null;
  const from = UNQUOTED_TZID.lastIndex;
  const valueColon = text.lastIndexOf(':');
  NEXT_PARAMETER.lastIndex = from;
  const next = NEXT_PARAMETER.exec(text);
  const to = next && next.index < valueColon ? next.index : valueColon;
  const tzid = text.slice(from, to);
  if (to < from || !/[,:]/.test(tzid) || tzid.includes('"')) return null;
  return `${text.slice(0, from)}"${tzid}"${text.slice(to)}`;
}

/** The value of a date property that is no date or date-time, or no real one (month 13, 31 April). */
function dateValueFault(name: string, params: string, value: string): string | null {
  if (!DATE_PROPERTIES.has(name)) return null;
  if (name === 'RDATE' && /VALUE=PERIOD/i.test(params)) return PERIOD_LIST.test(value) ? null : `RDATE has a period that cannot be read: “${value}”`;
  if (!DATE_LIST.test(value)) return `${name} is not a date (20270105) or date-time (20270105T090000): “${value}”`;
  const bad = value.split(',').find((item) => !isRealDateTime(item));
  return bad ? `${name} names a date or time that does not exist: “${bad}”` : null;
}

/** A property line as jCal ([name, parameters, type, ...values]), or its fault. */
function propertyOf({ line, text }: ContentLine, name: string, colon: number): unknown[] {
  const value = text.slice(colon + 1);
  const dateFault = dateValueFault(name, text.slice(name.length, colon), value);
  if (dateFault) fail(line, dateFault);
  if (name === 'SEQUENCE' && !/^\d+$/.test(value.trim())) fail(line, `SEQUENCE is a whole number, not “${value}”`);
  try {
    return ICAL.parse.property(text, ICAL.design.icalendar) as unknown[];
  } catch (error) {
    return fail(line, `the line cannot be read (${(error as Error).message})`);
  }
}

/** A component as jCal ([name, properties, components]), with the line it begins on. */
interface OpenComponent {
  name: string;
  line: number;
  jcal: [string, unknown[][], unknown[]];
  /** For an item of the calendar (an event, a task, a time zone): its first line that cannot be read. */
  broken?: SyntaxFault;
}

/** An item of the file (an event, a task, a time zone) left out for a line that cannot be read, the rest read. */
export interface BrokenItem {
  /** Its UID (a time zone's TZID), else where it begins ("line 11"). */
  uid: string;
  fault: SyntaxFault;
}

/** What the walk has counted so far, against the caps. */
interface Tally {
  components: number;
  items: number;
  vtimezones: number;
}

/** A BEGIN line: its component opened, counted against every cap on components. */
function begin(open: OpenComponent[], tally: Tally, line: number, name: string, roots: unknown[]): void {
  const parent = open.at(-1);
  if (!parent && name !== 'VCALENDAR') fail(line, 'Everything in an iCalendar file is inside BEGIN:VCALENDAR … END:VCALENDAR');
  if (open.length >= ICS_IMPORT_DEPTH_MAX) fail(line, `components nest more than ${ICS_IMPORT_DEPTH_MAX} deep, the most an import takes`, 'limit');
  if (++tally.components > ICS_IMPORT_ALL_COMPONENTS_MAX) fail(line, `the file holds more than ${count(ICS_IMPORT_ALL_COMPONENTS_MAX)} components, the most an import takes: split it`, 'limit');
  if (parent?.name === 'VCALENDAR' && name === 'VTIMEZONE' && ++tally.vtimezones > ICS_IMPORT_VTIMEZONES_MAX) {
    fail(line, `the file defines more than ${ICS_IMPORT_VTIMEZONES_MAX} time zones (VTIMEZONE), the most an import takes`, 'limit');
  }
  if (parent?.name === 'VCALENDAR' && name !== 'VTIMEZONE' && ++tally.items > ICS_IMPORT_COMPONENTS_MAX) {
    fail(line, `the file holds more than ${count(ICS_IMPORT_COMPONENTS_MAX)} events and other items, the most an import takes: split it`, 'limit');
  }
  if (parent?.name === 'VTIMEZONE' && parent.jcal[2].length >= ICS_IMPORT_OBSERVANCES_MAX) {
    fail(parent.line, `the time zone (VTIMEZONE) has more than ${ICS_IMPORT_OBSERVANCES_MAX} observances (STANDARD, DAYLIGHT), the most an import takes`, 'limit');
  }
  const component: OpenComponent = { name, line, jcal: [name.toLowerCase(), [], []] };
  (parent ? parent.jcal[2] : roots).push(component.jcal);
  open.push(component);
}

/** The item's UID (a time zone's TZID) as far as its lines read, else where it begins. */
function itemUid({ jcal, line }: OpenComponent): string {
  const name = jcal[0] === 'vtimezone' ? 'tzid' : 'uid';
  const value = jcal[1].find((property) => property[0] === name)?.[3];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : `line ${line}`;
}

/** An END line: the component closed; an item with a line that cannot be read is taken out of its calendar. */
function end(open: OpenComponent[], line: number, name: string, broken: BrokenItem[]): void {
  const top = open.pop();
  if (!top) fail(line, 'Everything in an iCalendar file is inside BEGIN:VCALENDAR … END:VCALENDAR');
  if (top!.name !== name) fail(line, `END:${name} does not close BEGIN:${top!.name} (line ${top!.line})`);
  if (!top!.broken) return;
  const components = open.at(-1)!.jcal[2];
  components.splice(components.lastIndexOf(top!.jcal), 1);
  broken.push({ uid: itemUid(top!), fault: top!.broken });
}

/** One unfolded property line of a component; a line an item cannot read marks the item, and the walk goes on. */
function property(open: OpenComponent[], current: ContentLine): void {
  const { line, text } = current;
  // The item (an event, a time zone…) the line is in, when it is in one: the calendar's own lines are the file's.
  const item = open[1];
  try {
    const { name, colon } = headOf(text, line);
    open.at(-1)!.jcal[1].push(propertyOf(current, name, colon));
  } catch (error) {
    if (!(item && error instanceof FaultAt && error.fault.kind === 'syntax')) throw error;
    item.broken ??= error.fault;
  }
}

/** One unfolded line taken into the components open so far. */
function take(open: OpenComponent[], tally: Tally, current: ContentLine, roots: unknown[], broken: BrokenItem[]): void {
  const { line } = current;
  if (current.text.length > ICS_IMPORT_LINE_MAX) fail(line, `the line is ${count(current.text.length)} characters long; an import takes lines of at most ${count(ICS_IMPORT_LINE_MAX)}`, 'limit');
  const text = requotedTzid(current.text) ?? current.text;
  if (STRUCTURE_LINE.test(text)) {
    const { name, colon } = headOf(text, line);
    const component = text.slice(colon + 1).trim().toUpperCase();
    return name === 'BEGIN' ? begin(open, tally, line, component, roots) : end(open, line, component, broken);
  }
  if (open.length === 0) {
    headOf(text, line);
    fail(line, 'Everything in an iCalendar file is inside BEGIN:VCALENDAR … END:VCALENDAR');
  }
  property(open, { line, text });
}

/**
 * The file's calendars as jCal, or the first line at fault: not iCalendar, or more than an import takes (a line longer
 * than ICS_IMPORT_LINE_MAX, more parameters, components, nesting, time zones or observances than their caps). One
 * pass over the lines, each walked once, so the cost grows with the file's size and nothing else.
 */
export function readIcsLines(lines: readonly ContentLine[]): { calendars: unknown[][]; broken: BrokenItem[] } | { fault: SyntaxFault } {
  if (lines.length === 0) return { fault: { line: 1, message: 'The file is empty: an iCalendar file starts with BEGIN:VCALENDAR', kind: 'syntax' } };
  const roots: unknown[][] = [];
  const open: OpenComponent[] = [];
  const tally: Tally = { components: 0, items: 0, vtimezones: 0 };
  const broken: BrokenItem[] = [];
  try {
    for (const line of lines) take(open, tally, line, roots, broken);
    const unclosed = open.at(-1);
    if (unclosed) fail(unclosed.line, `BEGIN:${unclosed.name} is never closed (END:${unclosed.name})`);
  } catch (error) {
    if (error instanceof FaultAt) return { fault: error.fault };
    throw error;
  }
  return { calendars: roots, broken };
}
