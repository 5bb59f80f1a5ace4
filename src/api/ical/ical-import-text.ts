// An .ics file's bytes as the text ical.js parses, and the first line at fault when it is not iCalendar. ical.js's
// parse errors name no line, so the structure is checked here first, on the lines as the file numbers them.
import { isUtf8 } from 'node:buffer';
import ICAL from 'ical.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** A content line unfolded, with the number of the file's line it starts on (from 1). */
export interface ContentLine {
  line: number;
  text: string;
}

const [LF, CR, SPACE, TAB] = [0x0a, 0x0d, 0x20, 0x09];

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
}

const NAME = /^[A-Za-z0-9-]+/;

/** Where the line's name and parameters end (its colon), or a fault: parameters may hold quoted text with colons in it. */
function valueStart(text: string): number | string {
  const name = NAME.exec(text);
  if (!name) return 'a content line starts with a property name, such as DTSTART';
  let at = name[0].length;
  while (text[at] === ';') {
    const param = NAME.exec(text.slice(at + 1));
    if (!param || text[at + 1 + param[0].length] !== '=') return `a parameter of ${name[0]} has no NAME=value`;
    at += 1 + param[0].length + 1;
    for (;;) {
      if (text[at] === '"') {
        const close = text.indexOf('"', at + 1);
        if (close < 0) return `a quoted parameter of ${name[0]} is never closed`;
        at = close + 1;
      } else {
        while (at < text.length && !';:,"'.includes(text[at]!)) at++;
      }
      if (text[at] !== ',') break;
      at++;
    }
  }
  return text[at] === ':' ? at : `${name[0]} has no colon before its value`;
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

/** The value of a date property that is no date or date-time, or no real one (month 13, 31 April). */
function dateValueFault(name: string, params: string, value: string): string | null {
  if (!DATE_PROPERTIES.has(name)) return null;
  if (name === 'RDATE' && /VALUE=PERIOD/i.test(params)) return PERIOD_LIST.test(value) ? null : `RDATE has a period that cannot be read: “${value}”`;
  if (!DATE_LIST.test(value)) return `${name} is not a date (20270105) or date-time (20270105T090000): “${value}”`;
  const bad = value.split(',').find((item) => !isRealDateTime(item));
  return bad ? `${name} names a date or time that does not exist: “${bad}”` : null;
}

/** The line's fault, if any; BEGIN and END are checked by the caller. */
function lineFault(text: string): string | null {
  const at = valueStart(text);
  if (typeof at === 'string') return at;
  const [head, value] = [text.slice(0, at), text.slice(at + 1)];
  const name = NAME.exec(head)![0].toUpperCase();
  const dateFault = dateValueFault(name, head.slice(name.length), value);
  if (dateFault) return dateFault;
  if (name === 'SEQUENCE' && !/^\d+$/.test(value.trim())) return `SEQUENCE is a whole number, not “${value}”`;
  if (name === 'BEGIN' || name === 'END') return null;
  try {
    ICAL.parse.property(text, ICAL.design.icalendar);
  } catch (error) {
    return `the line cannot be read (${(error as Error).message})`;
  }
  return null;
}

/** The components BEGIN and END open and close, in order: every one closed by its own name, all inside a VCALENDAR. */
function nestingFault(lines: readonly ContentLine[]): SyntaxFault | null {
  const open: ContentLine[] = [];
  for (const current of lines) {
    const [name = '', value = ''] = current.text.split(':', 2).map((part) => part.trim().toUpperCase());
    if (open.length === 0 && !(name === 'BEGIN' && value === 'VCALENDAR')) {
      return { line: current.line, message: 'Everything in an iCalendar file is inside BEGIN:VCALENDAR … END:VCALENDAR' };
    }
    if (name === 'BEGIN') open.push({ line: current.line, text: value });
    else if (name === 'END') {
      const top = open.pop()!;
      if (top.text !== value) return { line: current.line, message: `END:${value} does not close BEGIN:${top.text} (line ${top.line})` };
    }
  }
  const unclosed = open.at(-1);
  return unclosed ? { line: unclosed.line, message: `BEGIN:${unclosed.text} is never closed (END:${unclosed.text})` } : null;
}

/** The first fault in the file, by line, or null when ical.js may read it. */
export function findSyntaxFault(lines: readonly ContentLine[]): SyntaxFault | null {
  if (lines.length === 0) return { line: 1, message: 'The file is empty: an iCalendar file starts with BEGIN:VCALENDAR' };
  for (const { line, text } of lines) {
    const fault = lineFault(text);
    if (fault) return { line, message: fault[0]!.toUpperCase() + fault.slice(1) };
  }
  return nestingFault(lines);
}
