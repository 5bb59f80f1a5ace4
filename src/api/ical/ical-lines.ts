// iCalendar text out of ical.js components, with our own line folding: ical.js 2.2 folds continuation lines at 76
// octets (it leaves out the leading space) and can cut between the two halves of a UTF-16 surrogate pair (an emoji),
// which encodes as invalid UTF-8. RFC 5545 §3.1: lines of at most 75 octets, CRLF, never inside a character.
import ICAL from 'ical.js';

/** The most octets of a content line, the leading space of a continuation included, the CRLF not. */
export const ICS_LINE_OCTETS_MAX = 75;
const CRLF = '\r\n';

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** One unfolded content line folded at ICS_LINE_OCTETS_MAX octets, between whole characters. */
export function foldLine(line: string): string {
  // Most lines are short: they go out as they are, without a string made per character.
  if (Buffer.byteLength(line) <= ICS_LINE_OCTETS_MAX) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > ICS_LINE_OCTETS_MAX) {
      parts.push(current);
      // A continuation line starts with one space, which counts.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

function componentLines(component: ICAL.Component, lines: string[], more: Iterable<ICAL.Component> = []): void {
  const name = component.name.toUpperCase();
  lines.push(`BEGIN:${name}`);
  for (const property of component.getAllProperties()) {
    lines.push(foldLine(ICAL.stringify.property(property.toJSON(), ICAL.design.icalendar, true)));
  }
  for (const child of component.getAllSubcomponents()) componentLines(child, lines);
  for (const child of more) componentLines(child, lines);
  lines.push(`END:${name}`);
}

/**
 * A component (a VCALENDAR) as iCalendar text: folded lines, each ending in CRLF. `more` are subcomponents written
 * after its own, each as soon as it is made, so that only its lines outlive it: a tree of a few thousand events held
 * whole until the end was promoted to V8's old space (about 50 MB of objects for a 1 MB export), and the heap stayed
 * that large after.
 */
export function serialiseIcs(component: ICAL.Component, more?: Iterable<ICAL.Component>): string {
  const lines: string[] = [];
  componentLines(component, lines, more);
  return lines.join(CRLF) + CRLF;
}
