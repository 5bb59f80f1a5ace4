import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendarIcs, VTIMEZONE_HORIZON_YEARS } from '../../src/api/ical/ical-export.ts';
import { vtimezone, VTIMEZONE_OBSERVANCES_MAX } from '../../src/api/ical/vtimezone.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { changes, hourSeries, onsets, outlookWrongOffsets, wrongOffsets } from './helpers/vtimezone-read-back.ts';


describe('VTIMEZONE', () => {
  it("writes a change as a yearly rule only where it names that year's change in every year, the last Sunday as -1SU", () => {
    const rules = (timeZone: string, from: number, to: number) =>
      vtimezone(timeZone, from, to)
        .getAllSubcomponents()
        .flatMap((o) => (o.hasProperty('rrule') ? [String(o.getFirstPropertyValue('rrule'))] : []));
    expect(rules('Europe/London', 2029, 2029)).toEqual(['FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU']);
    // Chatham's last Sunday of September is its 4th from 2025 to 2029, its 5th in 2030.
    expect(rules('Pacific/Chatham', 2026, 2028)).toEqual(['FREQ=YEARLY;BYMONTH=4;BYDAY=1SU', 'FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU']);
    // The US changed its rules in 2007: the old ones end (UNTIL) at their last change, the new ones run on.
    expect(rules('America/New_York', 2006, 2030)).toEqual([
      'FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z',
      'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    ]);
    expect(wrongOffsets(vtimezone('America/New_York', 2006, 2030), 'America/New_York', Date.UTC(2006, 0, 1), Date.UTC(2031, 0, 1))).toEqual([]);
  });

  it('writes changes no yearly rule names on their own dates (RDATE, one a line, DTSTART among them)', () => {
    // Morocco's changes around Ramadan follow the moon.
    const component = vtimezone('Africa/Casablanca', 2018, 2026);
    const dated = component.getAllSubcomponents().filter((o) => o.hasProperty('rdate'));
    expect(dated.length).toBeGreaterThan(0);
    for (const observance of dated) {
      const dates = observance.getAllProperties('rdate').map((p) => p.getValues());
      expect(dates.every((values) => values.length === 1)).toBe(true);
      expect(dates.map(([date]) => String(date))).toContain(String(observance.getFirstPropertyValue('dtstart')));
    }
    expect(component.getAllSubcomponents().some((o) => o.hasProperty('rrule'))).toBe(false);
    expect(wrongOffsets(component, 'Africa/Casablanca', Date.UTC(2018, 0, 1), Date.UTC(2027, 0, 1))).toEqual([]);
  });

  it('writes one STANDARD for a zone that does not change in the span', () => {
    for (const timeZone of ['Asia/Tokyo', 'Asia/Kolkata', 'Etc/GMT+5', 'America/Phoenix']) {
      const [observance, ...more] = vtimezone(timeZone, 2030, 2040).getAllSubcomponents();
      expect(more).toEqual([]);
      expect(observance!.name).toBe('standard');
      expect(observance!.getFirstPropertyValue('tzoffsetto')!.toString()).toBe(observance!.getFirstPropertyValue('tzoffsetfrom')!.toString());
      expect(wrongOffsets(vtimezone(timeZone, 2030, 2040), timeZone, Date.UTC(2030, 0, 1), Date.UTC(2041, 0, 1))).toEqual([]);
    }
  });

  it('names a zone whose changes stop all STANDARD, its last change the latest: Outlook, which makes a yearly rule of any DAYLIGHT, keeps the last offset', () => {
    // Mexico City stopped daylight saving time in 2022; Paraguay kept its summer time, -03, from October 2024.
    for (const [timeZone, from, offset] of [['America/Mexico_City', 2015, '-06:00'], ['America/Asuncion', 2023, '-03:00']] as const) {
      const component = vtimezone(timeZone, from, 2036);
      expect(component.getAllSubcomponents().map((o) => o.name)).not.toContain('daylight');
      expect(String(component.getAllSubcomponents().at(-1)!.getFirstPropertyValue('tzoffsetto'))).toBe(offset);
      expect(wrongOffsets(component, timeZone, Date.UTC(from, 0, 1), Date.UTC(2037, 0, 1))).toEqual([]);
      expect(outlookWrongOffsets(component, timeZone, Date.UTC(2027, 0, 1), Date.UTC(2037, 0, 1))).toEqual([]);
    }
  });

  it("is read right by Outlook (its latest STANDARD and DAYLIGHT as yearly rules) in a series' horizon in every zone but five whose changes follow no rule it can hold", () => {
    // An export made in December 2026 of a series from then: its VTIMEZONE reaches 2036; Outlook's reading of 2034 to 2036.
    const wrong = Intl.supportedValuesOf('timeZone').filter((timeZone) => outlookWrongOffsets(vtimezone(timeZone, 2026, 2036), timeZone, Date.UTC(2034, 0, 1), Date.UTC(2037, 0, 1)).length > 0);
    expect(wrong).toEqual([
      // Greenland changes with the EU, at 01:00 UTC on the last Sunday: there the Saturday evening before, which is the
      // month's last Saturday but in years the month ends on a Saturday (2035).
      'America/Godthab',
      // Chile changes on the first Sunday on or after the 2nd of April and September: the 2nd Sunday when the 1st is one (April 2035).
      'America/Santiago',
      'America/Scoresbysund',
      // Palestine's changes move around Ramadan.
      'Asia/Gaza',
      'Asia/Hebron',
    ]);
  });

  it('refuses a span that runs backwards', () => {
    expect(() => vtimezone('Europe/London', 2029, 2028)).toThrow(RangeError);
  });

  it(`writes at most ${VTIMEZONE_OBSERVANCES_MAX} onsets a zone, the latest: earlier times get the offset in force before the first one kept`, () => {
    // Cairo's changes since 1900 follow no rule for long: hundreds of them.
    expect(changes('Africa/Cairo', Date.UTC(1900, 0, 1), Date.UTC(2101, 0, 1)).length).toBeGreaterThan(2 * VTIMEZONE_OBSERVANCES_MAX);
    const component = vtimezone('Africa/Cairo', 1900, 2100);
    expect(onsets(component)).toBeLessThanOrEqual(VTIMEZONE_OBSERVANCES_MAX);
    // An opening STANDARD holds the offset in force before the first change kept, which is after 1900.
    const [opening, first] = component.getAllSubcomponents();
    expect(opening!.name).toBe('standard');
    expect((opening!.getFirstPropertyValue('dtstart') as ICAL.Time).year).toBe(1899);
    expect(String(opening!.getFirstPropertyValue('tzoffsetto'))).toBe(String(first!.getFirstPropertyValue('tzoffsetfrom')));
    const firstKept = first!.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(firstKept.year).toBeGreaterThan(1900);
    const firstKeptMs = Date.UTC(firstKept.year, firstKept.month - 1, firstKept.day + 1);
    expect(wrongOffsets(component, 'Africa/Cairo', firstKeptMs, Date.UTC(2101, 0, 1))).toEqual([]);
  });
});

describe('VTIMEZONEs in an export', () => {
  const series = (timeZone: string, start: string, rrule: string): CalendarEvent => hourSeries({ id: `series-${start}`, title: 'Series', start, rrule, timeZone });
  const exportedZone = (events: CalendarEvent[]) => {
    const text = buildCalendarIcs({ name: 'Zones', events, uidDomain: 'calendar.contoso.com', categoryNames: new Map(), now: new Date('2026-12-07T12:00:00Z') });
    return new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtimezone')!.toString();
  };

  it(`reach ${VTIMEZONE_HORIZON_YEARS} years past the export for a series without an end, or past its first occurrence when that is later`, () => {
    expect(VTIMEZONE_HORIZON_YEARS).toBe(10);
    // Santiago's changes, some on dates no yearly rule names: each written out to the horizon and no further.
    expect(exportedZone([series('America/Santiago', '2020-01-06T12:00:00.000Z', 'FREQ=WEEKLY')])).toBe(vtimezone('America/Santiago', 2020, 2036).toString());
    expect(exportedZone([series('America/Santiago', '2045-01-02T12:00:00.000Z', 'FREQ=WEEKLY')])).toBe(vtimezone('America/Santiago', 2045, 2055).toString());
    // A series that ends needs its own years only; two series in one zone, the years of both.
    expect(exportedZone([series('America/Santiago', '2027-01-04T12:00:00.000Z', 'FREQ=WEEKLY;COUNT=60')])).toBe(vtimezone('America/Santiago', 2027, 2028).toString());
    expect(
      exportedZone([series('America/Santiago', '2020-01-06T12:00:00.000Z', 'FREQ=WEEKLY;COUNT=3'), series('America/Santiago', '2030-01-07T12:00:00.000Z', 'FREQ=WEEKLY')]),
    ).toBe(vtimezone('America/Santiago', 2020, 2040).toString());
  });
});
