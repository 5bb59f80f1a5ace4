import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { boundedTimezone, zoneRuleFault } from '../../src/api/ical/bounded-timezone.ts';
import { icsDrafts } from '../../src/api/ical/ical-import-drafts.ts';
import { parseIcs } from '../../src/api/ical/ical-import-file.ts';
import { contentLines, lineCountFault, readIcsLines, type SyntaxFault } from '../../src/api/ical/ical-import-text.ts';
import { offsetAtMs } from '../../src/api/recurrence/zone-offsets.ts';
import {
  EVENT_DESCRIPTION_HTML_MAX,
  ICS_IMPORT_ALL_COMPONENTS_MAX,
  ICS_IMPORT_COMPONENTS_MAX,
  ICS_IMPORT_DEPTH_MAX,
  ICS_IMPORT_LINE_MAX,
  ICS_IMPORT_LINES_MAX,
  ICS_IMPORT_OBSERVANCES_MAX,
  ICS_IMPORT_PARAMETERS_MAX,
  ICS_IMPORT_VTIMEZONES_MAX,
} from '../../src/shared/limits.ts';
import { FREQUENCIES, nestingAttack, parametersAttack, zoneRuleAttack } from '../security/helpers/ics-attacks.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const file = (...lines: string[]) => bytes(`${lines.join('\r\n')}\r\n`);
const calendar = (...lines: string[]) => file('BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'UID:e@example.com', 'DTSTART:20270301T090000Z', ...lines, 'END:VEVENT'];
const repeat = (count: number, lines: (i: number) => string[]) => Array.from({ length: count }, (_, i) => lines(i)).flat();
const observance = (kind: string) => [`BEGIN:${kind}`, 'DTSTART:19700101T000000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0100', `END:${kind}`];
const vtimezone = (tzid: string, observances: number) => ['BEGIN:VTIMEZONE', `TZID:${tzid}`, ...repeat(observances, () => observance('STANDARD')), 'END:VTIMEZONE'];

function faultOf(body: Uint8Array): SyntaxFault | null {
  const read = readIcsLines(contentLines(body));
  return 'fault' in read ? read.fault : null;
}

describe('caps checked on the lines, before any parser sees them: at the cap a file reads, one more is a 400 naming the line and the cap', () => {
  it.each([
    {
      cap: `ICS_IMPORT_LINE_MAX (${ICS_IMPORT_LINE_MAX} characters, unfolded)`,
      file: (n: number) => calendar(...event(`X-ALT-DESC;FMTTYPE=text/html:${'x'.repeat(n - 'X-ALT-DESC;FMTTYPE=text/html:'.length)}`)),
      max: ICS_IMPORT_LINE_MAX,
      line: 5,
      message: `The line is ${(ICS_IMPORT_LINE_MAX + 1).toLocaleString('en')} characters long; an import takes lines of at most ${ICS_IMPORT_LINE_MAX.toLocaleString('en')}`,
    },
    {
      cap: `ICS_IMPORT_PARAMETERS_MAX (${ICS_IMPORT_PARAMETERS_MAX})`,
      file: (n: number) => calendar(...event(`ATTENDEE${';X-A="b:c"'.repeat(n)}:mailto:a@example.com`)),
      max: ICS_IMPORT_PARAMETERS_MAX,
      line: 5,
      message: `ATTENDEE has more than ${ICS_IMPORT_PARAMETERS_MAX} parameters, the most an import takes`,
    },
    {
      cap: `ICS_IMPORT_COMPONENTS_MAX (${ICS_IMPORT_COMPONENTS_MAX}), counted on BEGIN lines`,
      file: (n: number) => calendar(...repeat(n, (i) => ['BEGIN:VTODO', `UID:t${i}`, 'END:VTODO'])),
      max: ICS_IMPORT_COMPONENTS_MAX,
      line: 2 + 3 * ICS_IMPORT_COMPONENTS_MAX,
      message: `The file holds more than ${ICS_IMPORT_COMPONENTS_MAX.toLocaleString('en')} events and other items, the most an import takes: split it`,
    },
    {
      cap: `ICS_IMPORT_ALL_COMPONENTS_MAX (${ICS_IMPORT_ALL_COMPONENTS_MAX}), calendars and alarms included`,
      file: (n: number) => file(...repeat(n, () => ['BEGIN:VCALENDAR', 'END:VCALENDAR'])),
      max: ICS_IMPORT_ALL_COMPONENTS_MAX,
      line: 1 + 2 * ICS_IMPORT_ALL_COMPONENTS_MAX,
      message: `The file holds more than ${ICS_IMPORT_ALL_COMPONENTS_MAX.toLocaleString('en')} components, the most an import takes: split it`,
    },
    {
      cap: `ICS_IMPORT_DEPTH_MAX (${ICS_IMPORT_DEPTH_MAX})`,
      file: (n: number) => bytes(nestingAttack(n)),
      max: ICS_IMPORT_DEPTH_MAX,
      line: ICS_IMPORT_DEPTH_MAX + 1,
      message: `Components nest more than ${ICS_IMPORT_DEPTH_MAX} deep, the most an import takes`,
    },
    {
      cap: `ICS_IMPORT_VTIMEZONES_MAX (${ICS_IMPORT_VTIMEZONES_MAX})`,
      file: (n: number) => calendar(...repeat(n, (i) => vtimezone(`Zone ${i}`, 1))),
      max: ICS_IMPORT_VTIMEZONES_MAX,
      line: 2 + 8 * ICS_IMPORT_VTIMEZONES_MAX,
      message: `The file defines more than ${ICS_IMPORT_VTIMEZONES_MAX} time zones (VTIMEZONE), the most an import takes`,
    },
    {
      cap: `ICS_IMPORT_OBSERVANCES_MAX (${ICS_IMPORT_OBSERVANCES_MAX}) in one VTIMEZONE`,
      file: (n: number) => calendar(...vtimezone('Zone', n)),
      max: ICS_IMPORT_OBSERVANCES_MAX,
      line: 2,
      message: `The time zone (VTIMEZONE) has more than ${ICS_IMPORT_OBSERVANCES_MAX} observances (STANDARD, DAYLIGHT), the most an import takes`,
    },
  ])('$cap', ({ file: fileOf, max, line, message }) => {
    expect(faultOf(fileOf(max))).toBeNull();
    expect(faultOf(fileOf(max + 1))).toEqual({ line, message, kind: 'limit' });
    expect(() => parseIcs(fileOf(max + 1))).toThrow(expect.objectContaining({
      status: 400,
      detail: `The file holds more than an import takes (line ${line}: ${message}). Nothing was imported.`,
      errors: [{ field: '(body)', message: `Line ${line}: ${message}` }],
    }));
  });

  it(`ICS_IMPORT_LINES_MAX (${ICS_IMPORT_LINES_MAX}), counted on the bytes before they are decoded, with LF, CRLF or CR`, () => {
    const lines = (n: number, separator: string) => bytes(`BEGIN:VCALENDAR${separator}${'X:1'.concat(separator).repeat(n - 2)}END:VCALENDAR${separator}`);
    const message = `The file has more than ${ICS_IMPORT_LINES_MAX.toLocaleString('en')} lines, the most an import takes: split it`;
    for (const separator of ['\n', '\r\n', '\r']) {
      expect(lineCountFault(lines(ICS_IMPORT_LINES_MAX, separator))).toBeNull();
      expect(lineCountFault(lines(ICS_IMPORT_LINES_MAX + 1, separator))).toEqual({ line: ICS_IMPORT_LINES_MAX + 1, message, kind: 'limit' });
    }
    expect(faultOf(lines(ICS_IMPORT_LINES_MAX, '\r\n'))).toBeNull();
    expect(() => parseIcs(lines(ICS_IMPORT_LINES_MAX + 1, '\r\n'))).toThrow(expect.objectContaining({ status: 400, errors: [{ field: '(body)', message: `Line ${ICS_IMPORT_LINES_MAX + 1}: ${message}` }] }));
  }, 30_000);

  it('takes a description as long as an event may hold, escaped, on one line', () => {
    const escaped = 'a\\,b\\;c\\n'.repeat(EVENT_DESCRIPTION_HTML_MAX / 3).slice(0, 2 * EVENT_DESCRIPTION_HTML_MAX);
    expect(faultOf(calendar(...event(`DESCRIPTION:${escaped}`)))).toBeNull();
  });

  it('refuses the issue’s 800,000-parameter line by its length, and a short line of many parameters at the parameter cap', () => {
    expect(faultOf(bytes(parametersAttack()))).toMatchObject({ line: 3, kind: 'limit', message: expect.stringMatching(/^The line is 3,200,005 characters long/) });
    expect(faultOf(bytes(parametersAttack(ICS_IMPORT_PARAMETERS_MAX + 1)))).toMatchObject({ line: 3, kind: 'limit', message: expect.stringContaining('more than 50 parameters') });
  });

  it('walks parameters whose quoted values hold colons, semicolons and commas, once, and reads the value after them', () => {
    const text = `X-P;A="x:y;z",b;B=c:v`;
    expect(faultOf(calendar(...event(text)))).toBeNull();
    // Inside an event, the line leaves that event out, naming the line, and the rest of the file is read.
    const read = readIcsLines(contentLines(calendar(...event('X-P;A="x:y:v'))));
    expect(read).toMatchObject({ broken: [{ fault: { message: 'A quoted parameter of X-P is never closed', kind: 'syntax' } }] });
  });

  it('refuses 150,000 nested VCALENDARs by their lines before reading any, and 90,000 at the first one too deep, without a stack overflow', () => {
    expect(lineCountFault(bytes(nestingAttack()))).toMatchObject({ line: ICS_IMPORT_LINES_MAX + 1, kind: 'limit' });
    expect(faultOf(bytes(nestingAttack(90_000)))).toMatchObject({ line: ICS_IMPORT_DEPTH_MAX + 1, kind: 'limit' });
  });
});

const options = { timeZone: 'UTC', categories: [] };

describe('a VTIMEZONE’s observances: yearly rules only, worked out for the years the file uses', () => {
  it.each(FREQUENCIES.filter((freq) => freq !== 'YEARLY'))('skips an event in a zone of the file’s own that changes %s, saying why', async (freq) => {
    const { drafts, skipped } = await icsDrafts(bytes(zoneRuleAttack(freq)), options);
    expect(drafts).toEqual([]);
    expect(skipped).toEqual([
      { uid: 'zone-attack@example.com', reason: `Its time zone “Attack Zone” changes by a rule no calendar app writes for a zone (RRULE:FREQ=${freq}): only yearly changes are followed` },
    ]);
  });

  it('imports the event when its TZID names a zone we know, whatever the file’s VTIMEZONE says', async () => {
    const { drafts, skipped } = await icsDrafts(bytes(zoneRuleAttack('SECONDLY', 'Europe/Berlin')), options);
    expect(skipped).toEqual([]);
    expect(drafts.map((draft) => draft.start)).toEqual(['2027-01-05T08:00:00.000Z']);
  });

  it.each([
    ['FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', null],
    ['FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3;WKST=SU', null],
    ['FREQ=YEARLY;BYMONTH=4;BYDAY=SU;BYMONTHDAY=1,2,3,4,5,6,7', null],
    ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=22;UNTIL=20220321T203000Z', null],
    ['FREQ=YEARLY', null],
    ['FREQ=YEARLY;BYDAY=SU', 'RRULE:FREQ=YEARLY;BYDAY=SU'],
    ['FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12', 'RRULE:FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12'],
    ['FREQ=YEARLY;BYMONTH=3;BYHOUR=0,1,2', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYHOUR=0,1,2'],
    ['FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=-1SU', 'RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=-1SU'],
    ['FREQ=MONTHLY;BYDAY=-1SU', 'RRULE:FREQ=MONTHLY;BYDAY=-1SU'],
  ])('%s: %s', (rule, fault) => {
    const zone = parseIcs(calendar('BEGIN:VTIMEZONE', 'TZID:Z', 'BEGIN:DAYLIGHT', 'DTSTART:19000325T020000', `RRULE:${rule}`, 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT', 'END:VTIMEZONE'))[0]!;
    expect(zoneRuleFault(zone.getFirstSubcomponent('vtimezone')!)).toBe(fault);
  });

  // Outlook writes DTSTART 1601; the US changed its rules in 2007, which files write as rules with an UNTIL and new ones.
  const US_EASTERN = [
    'BEGIN:VTIMEZONE', 'TZID:Eastern',
    'BEGIN:DAYLIGHT', 'DTSTART:16010401T020000', 'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'END:DAYLIGHT',
    'BEGIN:STANDARD', 'DTSTART:16011025T020000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'END:STANDARD',
    'BEGIN:DAYLIGHT', 'DTSTART:20070311T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'END:DAYLIGHT',
    'BEGIN:STANDARD', 'DTSTART:20071104T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'END:STANDARD',
    'END:VTIMEZONE',
  ];

  it.each([
    [2027, 2027],
    [2005, 2005],
    [2005, 2030],
    [1990, 2200],
  ])('keeps New York’s offsets through %i–%i, expanding its rules from a year before to a year after', (from, to) => {
    const zone = boundedTimezone(parseIcs(calendar(...US_EASTERN))[0]!.getFirstSubcomponent('vtimezone')!, { from, to });
    for (let year = from; year <= to; year += Math.max(1, Math.floor((to - from) / 7))) {
      for (const [month, day] of [[1, 15], [3, 5], [3, 20], [4, 5], [7, 1], [10, 30], [11, 3], [11, 20]] as const) {
        const local = ICAL.Time.fromData({ year, month, day, hour: 12, minute: 0, second: 0 });
        const instant = Date.UTC(year, month - 1, day, 12) - zone.utcOffset(local) * 1000;
        expect(zone.utcOffset(local) * 1000, `${year}-${month}-${day}`).toBe(offsetAtMs(instant, 'America/New_York'));
      }
    }
    // A year before and after the range, and no more: not from 1601.
    expect(Math.min(...zone.changes.map((change: { year: number }) => change.year))).toBeGreaterThanOrEqual(Math.min(from - 1, 2006));
    expect(Math.max(...zone.changes.map((change: { year: number }) => change.year))).toBe(to + 1);
    expect(zone.changes.length).toBeLessThanOrEqual(2 * (to - from + 3) + 2);
  });
});
