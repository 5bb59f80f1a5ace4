import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../src/api/errors.ts';
import { icsDrafts } from '../../src/api/ical/ical-import-drafts.ts';
import { parseIcs } from '../../src/api/ical/ical-import-file.ts';
import { compareSources } from '../../src/api/ical/ical-import-service.ts';
import { contentLines, readIcsLines, requotedTzid, type SyntaxFault } from '../../src/api/ical/ical-import-text.ts';
import { ianaZoneOf, zoneLike } from '../../src/api/ical/tzid-zones.ts';
import { expandSeries } from '../../src/api/recurrence/expand-series.ts';
import { offsetAtMs } from '../../src/api/recurrence/zone-offsets.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import type { EventDraft } from '../../src/shared/event-schema.ts';
import { ICS_IMPORT_COMPONENTS_MAX, ICS_IMPORT_LISTED_DATES_MAX, ICS_IMPORT_SPLITS_MAX, ICS_IMPORT_ZONE_MATCHES_MAX } from '../../src/shared/limits.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ics/${name}`, import.meta.url));
const bytes = (text: string) => new TextEncoder().encode(text);
const CATEGORIES = [{ id: 'training-id', name: 'Training' }];

/** The first line at fault in the file's text, or null when it reads. */
function faultOf(file: Uint8Array): SyntaxFault | null {
  const read = readIcsLines(contentLines(file));
  return 'fault' in read ? read.fault : null;
}

/** A window from one date to another, its dates as a UTC viewer's. */
function windowOf(from: string, to: string): EventWindow {
  return { fromMs: Date.parse(from), toMs: Date.parse(to), fromDayMs: dateToDayMs(from), toDayMs: dateToDayMs(to) };
}

/** Every occurrence in the window as "title @ start", expanded by our own expander with overrides applied. */
function occurrences(drafts: readonly EventDraft[], window: EventWindow): string[] {
  return drafts
    .flatMap((draft) => {
      if (!draft.rrule) return [{ title: draft.title, start: draft.start }];
      return expandSeries(draft, window).occurrences.map((o) => {
        const override = draft.overrides[o.recurrenceId];
        return { title: override?.title ?? draft.title, start: override?.start ?? o.start };
      });
    })
    .map(({ title, start }) => `${title} @ ${start}`)
    .sort();
}

async function read(name: string, timeZone = 'UTC') {
  return icsDrafts(fixture(name), { timeZone, categories: CATEGORIES });
}

describe('reading an .ics file’s bytes', () => {
  it('unfolds lines folded inside a UTF-8 character, with CRLF, LF or CR, dropping a BOM, numbering lines as the file does', () => {
    const japanese = bytes('読書会');
    const folded = Buffer.concat([bytes('\uFEFFBEGIN:VCALENDAR\r\nSUMMARY:'), japanese.subarray(0, 4), bytes('\r\n '), japanese.subarray(4), bytes('\r\n\r\nEND:VCALENDAR\r\n')]);
    expect(contentLines(folded)).toEqual([
      { line: 1, text: 'BEGIN:VCALENDAR' },
      { line: 2, text: 'SUMMARY:読書会' },
      { line: 5, text: 'END:VCALENDAR' },
    ]);
    expect(contentLines(bytes('A:1\nB:2\n\tmore\nC:3')).map((l) => l.text)).toEqual(['A:1', 'B:2more', 'C:3']);
    expect(contentLines(bytes('A:1\rB:2\r')).map((l) => l.text)).toEqual(['A:1', 'B:2']);
  });

  it('reads bytes that are not UTF-8 as windows-1252', () => {
    // Bytes as windows-1252 writes them: é à ü one byte each, – at 0x96, € at 0x80.
    expect(contentLines(Buffer.from('SUMMARY:R\xe9union \xe0 Z\xfcrich \x96 \x805\r\n', 'latin1'))).toEqual([{ line: 1, text: 'SUMMARY:Réunion à Zürich – €5' }]);
  });

  it('names the line at fault in a file whose structure is broken, and refuses it whole', () => {
    const [line, message] = [10, 'END:VCALENDAR does not close BEGIN:VEVENT (line 4)'];
    expect(faultOf(fixture('malformed-unclosed.ics'))).toEqual({ line, message, kind: 'syntax' });
    const error = (() => {
      try {
        parseIcs(fixture('malformed-unclosed.ics'));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).errors).toEqual([{ field: '(body)', message: `Line ${line}: ${message}` }]);
  });

  it.each([
    ['malformed-no-colon.ics', 15, 'SUMMARY has no colon before its value', 'broken-0002@example.com', 'This one is fine'],
    ['malformed-bad-date.ics', 14, 'DTSTART names a date or time that does not exist: “20271345T083000Z”', 'bad-date-0002@example.com', 'Fine'],
  ])('leaves out the event of %s with the line at fault (%i), and reads the rest', async (name, line, message, uid, title) => {
    expect(faultOf(fixture(name))).toBeNull();
    const { drafts, skipped } = await read(name);
    expect(drafts.map((draft) => draft.title)).toEqual([title]);
    expect(skipped).toEqual([{ uid, reason: `Line ${line}: ${message}, so this item was left out` }]);
  });

  it.each([
    ['', 1, 'The file is empty'],
    ['BEGIN:VEVENT\r\nEND:VEVENT', 1, 'Everything in an iCalendar file is inside'],
    ['BEGIN:VCALENDAR\r\nX-A;P="open:VALUE\r\nEND:VCALENDAR', 2, 'A quoted parameter of X-A is never closed'],
    ['BEGIN:VCALENDAR\r\nX-WR-CALNAME;X="open:Team\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR', 2, 'A quoted parameter of X-WR-CALNAME is never closed'],
    ['<!DOCTYPE html>\r\n<html><body>Sign in</body></html>', 1, 'A content line starts with a property name'],
    ['BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT', 1, 'BEGIN:VCALENDAR is never closed'],
  ])('finds the fault in %j', (text, line, start) => {
    const fault = faultOf(bytes(text));
    expect(fault?.line).toBe(line);
    expect(fault?.message.startsWith(start)).toBe(true);
  });

  it('accepts quoted parameters holding colons, and folded values', () => {
    const text = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;TZID="(UTC-05:00) Eastern Time (US & Canada)":20270310T090000\r\nDESCRIPTION:a\r\n  b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    expect(faultOf(bytes(text))).toBeNull();
  });
});

describe('TZIDs as IANA zones', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['"America/New_York"', 'America/New_York'],
    ['Pacific Standard Time', 'America/Los_Angeles'],
    ['W. Europe Standard Time', 'Europe/Berlin'],
    ['Tokyo Standard Time', 'Asia/Tokyo'],
    ['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
    ['(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 'Europe/Berlin'],
    ['(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
    ['/mozilla.org/20070129_1/Europe/Paris', 'Europe/Paris'],
    // Outlook's numbered copies of a zone; Exchange's "and" for "&"; newer display names no table lists, by their city.
    ['Central Standard Time 1', 'America/Chicago'],
    ['(UTC-05:00) Eastern Time (US and Canada)', 'America/New_York'],
    ['(UTC-03:00) Punta Arenas', 'America/Punta_Arenas'],
    ['(UTC+10:30) Lord Howe Island', 'Australia/Lord_Howe'],
    ['(UTC+12:45) Chatham Islands', 'Pacific/Chatham'],
    ['(UTC+13:00) Coordinated Universal Time+13', 'Etc/GMT-13'],
    ['(UTC-03:00) City of Buenos Aires', 'America/Buenos_Aires'],
    // Windows moved Minsk from +02:00 (with Chisinau) to +03:00: the offset decides.
    ['(UTC+03:00) Minsk', 'Europe/Minsk'],
    // A German Outlook's name, by its first place.
    ['(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien', 'Europe/Amsterdam'],
    ['Customized Time Zone', null],
    ['(UTC+05:00) Nowhere Town', null],
  ])('%s is %s', (tzid, zone) => {
    expect(ianaZoneOf(tzid)).toBe(zone);
  });

  it.each([
    ['DTSTART;TZID=(UTC+01:00) Amsterdam, Berlin:20270101T090000', 'DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin":20270101T090000'],
    ['EXDATE;TZID=Amsterdam, Berlin;VALUE=DATE-TIME:20270101T090000,20270108T090000', 'EXDATE;TZID="Amsterdam, Berlin";VALUE=DATE-TIME:20270101T090000,20270108T090000'],
    ['DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin":20270101T090000', null],
    ['DTSTART;TZID=Europe/Berlin:20270101T090000', null],
    ['SUMMARY;X=(a:b):text', null],
  ])('quotes an unquoted display-name TZID: %s', (line, repaired) => {
    expect(requotedTzid(line)).toBe(repaired);
  });

  it('finds a zone that keeps a VTIMEZONE’s offsets through the year, whatever it is called', () => {
    const vtimezone = parseIcs(fixture('outlook-exchange.ics'))[0]!.getFirstSubcomponent('vtimezone')!;
    const zone = zoneLike(vtimezone, 2027)!;
    for (const instant of ['2027-01-15T12:00:00Z', '2027-03-29T12:00:00Z', '2027-07-01T12:00:00Z', '2027-10-31T12:00:00Z']) {
      expect(offsetAtMs(Date.parse(instant), zone)).toBe(offsetAtMs(Date.parse(instant), 'Europe/Berlin'));
    }
    const fixed = new ICAL.Component(ICAL.parse('BEGIN:VTIMEZONE\r\nTZID:Odd\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0517\r\nTZOFFSETTO:+0517\r\nEND:STANDARD\r\nEND:VTIMEZONE'));
    expect(zoneLike(fixed, 2027)).toBeNull();
  });
});

describe('each fixture’s events, expanded by our own expander', () => {
  it('Google Calendar: a New York series across the DST change, with an exdate and a moved occurrence, an all-day event and an untitled one', async () => {
    const { drafts, skipped } = await read('google-calendar.ics');
    expect(skipped).toEqual([]);
    expect(occurrences(drafts, windowOf('2027-02-25', '2027-04-10'))).toEqual([
      '(No title) @ 2027-03-05T17:00:00.000Z',
      'Offsite 🏔️ in the mountains @ 2027-04-01',
      'Weekly sync (moved) @ 2027-03-22T15:00:00.000Z',
      'Weekly sync @ 2027-03-01T14:30:00.000Z',
      'Weekly sync @ 2027-03-08T14:30:00.000Z',
      'Weekly sync @ 2027-03-29T13:30:00.000Z',
      'Weekly sync @ 2027-04-05T13:30:00.000Z',
    ]);
    const series = drafts.find((d) => d.rrule)!;
    expect(series).toMatchObject({ timeZone: 'America/New_York', location: 'Room 4, Building B', importSource: { sequence: 1, modified: '2027-01-12T10:00:00.000Z' } });
    expect(series.description).toBe('<p>Weekly sync. Agenda: <a href="https://example.com/agenda">https://example.com/agenda</a></p><p>Bring notes, please; and coffee.</p>');
  });

  it('Outlook/Exchange: Windows and display-name TZIDs (one without VTIMEZONE), an all-day series ending at a date-time, HTML and a Teams link', async () => {
    const { drafts, skipped } = await read('outlook-exchange.ics', 'America/Chicago');
    expect(skipped).toEqual([]);
    expect(occurrences(drafts, windowOf('2027-03-01', '2027-05-31'))).toEqual([
      'Call with New York @ 2027-03-10T14:00:00.000Z',
      'Kita geschlossen (Notdienst) @ 2027-05-05',
      'Kita geschlossen @ 2027-05-03',
      'Kita geschlossen @ 2027-05-04',
      'Kita geschlossen @ 2027-05-06',
      'Kita geschlossen @ 2027-05-07',
      'Pacific review @ 2027-03-12T17:00:00.000Z',
      'Planung – Überblick @ 2027-03-16T09:00:00.000Z',
      'Planung – Überblick @ 2027-03-23T09:00:00.000Z',
      'Planung – Überblick @ 2027-03-30T08:00:00.000Z',
      'Planung – Überblick @ 2027-04-06T08:00:00.000Z',
    ]);
    const planning = drafts.find((d) => d.title.startsWith('Planung'))!;
    expect(planning).toMatchObject({ timeZone: 'Europe/Berlin', importSource: { sequence: 2 } });
    expect(planning.onlineMeetingUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    expect(planning.description).toContain('<p><b>Quartalsplanung</b></p><p>Bitte vorbereiten, danke.</p>');
  });

  it('Apple Calendar: a change to one occurrence before its series, Japanese and emoji, a London series across the DST change', async () => {
    const { drafts, skipped } = await read('apple-calendar.ics');
    expect(skipped).toEqual([]);
    expect(occurrences(drafts, windowOf('2027-03-01', '2027-05-01'))).toEqual([
      '読書会 📚 (延期) @ 2027-04-01T18:00:00.000Z',
      '読書会 📚 @ 2027-03-18T18:00:00.000Z',
      '読書会 📚 @ 2027-03-25T18:00:00.000Z',
      '読書会 📚 @ 2027-04-08T17:00:00.000Z',
    ]);
    expect(drafts[0]).toMatchObject({ location: 'Café Müller, 12 Rue de l’Église', url: 'https://example.org/book-club', timeZone: 'Europe/London' });
    expect(drafts[0]!.description).toContain('吾輩は猫である');
  });

  it('Nextcloud: a cancelled occurrence, a category by name, floating time in the importer’s zone; an RDATE-only event one event per date; cancelled and a task skipped with why', async () => {
    const { drafts, skipped } = await read('nextcloud-sabredav.ics', 'Europe/Berlin');
    expect(occurrences(drafts, windowOf('2027-03-01', '2027-05-01'))).toEqual([
      'Flohmarkt (floating time) @ 2027-03-20T09:00:00.000Z',
      'Schulung: Datenschutz @ 2027-03-17T13:00:00.000Z',
      'Schulung: Datenschutz @ 2027-03-24T13:00:00.000Z',
      'Schulung: Datenschutz @ 2027-04-07T12:00:00.000Z',
      'Sprechstunde @ 2027-03-18T08:00:00.000Z',
      'Sprechstunde @ 2027-03-25T08:00:00.000Z',
      'Sprechstunde @ 2027-04-08T07:00:00.000Z',
    ]);
    // The first keeps the event's UID; each other date is found again by the UID and its date.
    expect(drafts.filter((d) => d.title === 'Sprechstunde').map((d) => [d.importSource!.uid, d.end])).toEqual([
      ['8d2e4f60-1a2b-4c3d-8e9f-0a1b2c3d4e5f', '2027-03-18T09:00:00.000Z'],
      ['8d2e4f60-1a2b-4c3d-8e9f-0a1b2c3d4e5f#2027-03-25T08:00:00.000Z', '2027-03-25T09:00:00.000Z'],
      ['8d2e4f60-1a2b-4c3d-8e9f-0a1b2c3d4e5f#2027-04-08T07:00:00.000Z', '2027-04-08T08:00:00.000Z'],
    ]);
    expect(drafts.find((d) => d.rrule)!.categoryId).toBe('training-id');
    expect(skipped).toEqual([
      { uid: 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9', reason: 'A task (VTODO) is not an event: only events are imported' },
      { uid: 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5', reason: 'The event is cancelled (STATUS:CANCELLED)' },
    ]);
  });

  it('a UTF-8 file with a BOM and LF line ends, its event without UID given one derived from its content; a windows-1252 file', async () => {
    const first = await read('utf8-bom-lf.ics');
    const again = await read('utf8-bom-lf.ics');
    expect(first.drafts.map((d) => d.title)).toEqual(['Café crème — Réunion d’équipe']);
    expect(first.drafts[0]!.importSource!.uid).toMatch(/^derived-[0-9a-f]{32}$/);
    expect(again.drafts[0]!.importSource).toEqual(first.drafts[0]!.importSource);
    expect((await read('windows-1252.ics')).drafts.map((d) => [d.title, d.location])).toEqual([['Réunion à Zürich – Budget für Köln', 'Straße 5']]);
  });

  it('skips what a series cannot hold, with why: a rule we refuse, an occurrence the rule does not make; keeps a series’ extra dates and splits it at a change to all later occurrences', async () => {
    const file = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN',
      'BEGIN:VEVENT', 'UID:hourly', 'DTSTART:20270301T090000Z', 'RRULE:FREQ=HOURLY;COUNT=3', 'SUMMARY:Hourly', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:weekly', 'DTSTART:20270301T090000Z', 'DTEND:20270301T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE:20270303T090000Z', 'SUMMARY:Weekly', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:weekly', 'RECURRENCE-ID;RANGE=THISANDFUTURE:20270308T090000Z', 'DTSTART:20270308T100000Z', 'SUMMARY:Later', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:weekly', 'RECURRENCE-ID:20270309T090000Z', 'DTSTART:20270309T100000Z', 'SUMMARY:Not an occurrence', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:orphan', 'RECURRENCE-ID:20270309T090000Z', 'DTSTART:20270309T100000Z', 'SUMMARY:Orphan', 'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const { drafts, skipped } = await icsDrafts(bytes(file), { timeZone: 'UTC', categories: [] });
    expect(drafts.map((d) => [d.title, d.rdate])).toEqual([['Weekly', ['2027-03-03T09:00:00.000Z']], ['Later', []]]);
    expect(skipped.map((s) => s.uid)).toEqual(['orphan', 'hourly', 'weekly']);
    expect(skipped.map((s) => s.reason).join('\n')).toMatch(/does not hold[\s\S]*FREQ=HOURLY is not supported[\s\S]*no occurrence then/);
  });

  it(`makes at most ICS_IMPORT_LISTED_DATES_MAX (${ICS_IMPORT_LISTED_DATES_MAX}) events of a file’s listed dates, skipping the event that would pass it`, async () => {
    const listed = (uid: string, dates: number) => {
      const rdates = Array.from({ length: dates - 1 }, (_, i) => new Date(Date.UTC(2027, 0, 2 + i, 9)).toISOString().replace(/[-:]|\.\d{3}/g, ''));
      return `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART:20270101T090000Z\r\nRDATE:${rdates.join(',')}\r\nSUMMARY:${uid}\r\nEND:VEVENT`;
    };
    const file = (last: number) => bytes(`BEGIN:VCALENDAR\r\n${listed('most', ICS_IMPORT_LISTED_DATES_MAX - 2)}\r\n${listed('last', last)}\r\nEND:VCALENDAR`);
    const atCap = await icsDrafts(file(2), { timeZone: 'UTC', categories: [] });
    expect(atCap.drafts).toHaveLength(ICS_IMPORT_LISTED_DATES_MAX);
    expect(atCap.skipped).toEqual([]);
    const over = await icsDrafts(file(3), { timeZone: 'UTC', categories: [] });
    expect(over.drafts).toHaveLength(ICS_IMPORT_LISTED_DATES_MAX - 2);
    expect(over.skipped).toEqual([{ uid: 'last', reason: expect.stringContaining(`past ${ICS_IMPORT_LISTED_DATES_MAX} events on listed dates`) }]);
  });

  it(`splits a series at changes to an occurrence and all after it: at its first occurrence it changes whole; a change to an all-day series, a cancellation, and more than ICS_IMPORT_SPLITS_MAX (${ICS_IMPORT_SPLITS_MAX}) are skipped`, async () => {
    const change = (id: string, start: string, summary: string, ...more: string[]) => ['BEGIN:VEVENT', 'UID:s', `RECURRENCE-ID;RANGE=THISANDFUTURE:${id}`, `DTSTART:${start}`, `SUMMARY:${summary}`, ...more, 'END:VEVENT'];
    const file = (...changes: string[][]) =>
      bytes(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:s', 'DTSTART:20270301T090000Z', 'DTEND:20270301T100000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO', 'SUMMARY:Weekly', 'END:VEVENT', ...changes.flat(), 'END:VCALENDAR'].join('\r\n'));
    const read = (...changes: string[][]) => icsDrafts(file(...changes), { timeZone: 'UTC', categories: [] });

    const whole = await read(change('20270301T090000Z', '20270301T100000Z', 'Later', 'DTEND:20270301T110000Z'));
    expect(whole.drafts.map((d) => [d.importSource!.uid, d.title, d.start, d.rrule])).toEqual([['s', 'Later', '2027-03-01T10:00:00.000Z', 'FREQ=WEEKLY;BYDAY=MO']]);

    // Moved to Tuesday, "every Monday" becomes "every Tuesday" from then on, as the server's own edit does.
    const moved = await read(change('20270308T090000Z', '20270309T090000Z', 'Tuesdays'));
    expect(moved.drafts.map((d) => [d.title, d.rrule])).toEqual([['Weekly', 'FREQ=WEEKLY;UNTIL=20270308T085959Z;BYDAY=MO'], ['Tuesdays', 'FREQ=WEEKLY;BYDAY=TU']]);

    const cannot = await read(change('20270308T090000Z', '20270308', 'All day'), change('20270315T090000Z', '20270315T090000Z', 'Gone', 'STATUS:CANCELLED'));
    expect(cannot.drafts.map((d) => d.title)).toEqual(['Weekly']);
    expect(cannot.skipped.map((s) => s.reason)).toEqual([
      'The cancellation of the occurrence of 2027-03-15T09:00:00.000Z and all after it (RANGE=THISANDFUTURE) was left out',
      'The change to the occurrence of 2027-03-08T09:00:00.000Z and all after it (RANGE=THISANDFUTURE) was left out: it changes a timed series into an all-day one, or back',
    ]);

    const weeks = Array.from({ length: ICS_IMPORT_SPLITS_MAX + 1 }, (_, i) => new Date(Date.UTC(2027, 2, 8 + 7 * i, 9)).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    const many = await read(...weeks.map((id, i) => change(id, id, `From week ${i + 1}`)));
    expect(many.drafts).toHaveLength(ICS_IMPORT_SPLITS_MAX + 1);
    expect(new Set(many.drafts.map((d) => d.importSource!.uid)).size).toBe(ICS_IMPORT_SPLITS_MAX + 1);
    expect(many.skipped).toEqual([{ uid: 's', reason: expect.stringContaining(`split at ${ICS_IMPORT_SPLITS_MAX} changes like it at most`) }]);
  });

  it(`refuses a file of more than ICS_IMPORT_COMPONENTS_MAX (${ICS_IMPORT_COMPONENTS_MAX}) components`, async () => {
    const todo = (n: number) => `BEGIN:VTODO\r\nUID:t${n}\r\nEND:VTODO`;
    const file = (n: number) => bytes(`BEGIN:VCALENDAR\r\n${Array.from({ length: n }, (_, i) => todo(i)).join('\r\n')}\r\nEND:VCALENDAR`);
    expect((await icsDrafts(file(ICS_IMPORT_COMPONENTS_MAX), { timeZone: 'UTC', categories: [] })).skipped).toHaveLength(ICS_IMPORT_COMPONENTS_MAX);
    await expect(icsDrafts(file(ICS_IMPORT_COMPONENTS_MAX + 1), { timeZone: 'UTC', categories: [] })).rejects.toMatchObject({ status: 400 });
  });
});

describe(`a file's own time zones, matched to IANA zones at most ICS_IMPORT_ZONE_MATCHES_MAX (${ICS_IMPORT_ZONE_MATCHES_MAX}) times an import`, () => {
  it('repeats series in the zones found, and skips a series in a zone past the limit, saying why', async () => {
    const zone = (n: number) => [
      'BEGIN:VTIMEZONE', `TZID:Custom ${n}`,
      'BEGIN:STANDARD', 'DTSTART:16010101T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10', 'END:STANDARD',
      'BEGIN:DAYLIGHT', 'DTSTART:16010101T020000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3', 'END:DAYLIGHT',
      'END:VTIMEZONE',
    ];
    const series = (n: number) => ['BEGIN:VEVENT', `UID:series-${n}`, `DTSTART;TZID=Custom ${n}:20270316T100000`, 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=3', `SUMMARY:S${n}`, 'END:VEVENT'];
    const count = ICS_IMPORT_ZONE_MATCHES_MAX + 1;
    const lines = ['BEGIN:VCALENDAR', ...Array.from({ length: count }, (_, n) => [...zone(n), ...series(n)]).flat(), 'END:VCALENDAR'];
    const { drafts, skipped } = await icsDrafts(bytes(lines.join('\r\n')), { timeZone: 'UTC', categories: [] });
    expect(drafts).toHaveLength(ICS_IMPORT_ZONE_MATCHES_MAX);
    // Across the change to summer time on 28 March: 10:00 is 09:00Z, then 08:00Z, as in Berlin.
    expect(occurrences(drafts.slice(0, 1), windowOf('2027-03-01', '2027-04-01'))).toEqual(['S0 @ 2027-03-16T09:00:00.000Z', 'S0 @ 2027-03-23T09:00:00.000Z', 'S0 @ 2027-03-30T08:00:00.000Z']);
    expect(skipped).toEqual([{ uid: `series-${ICS_IMPORT_ZONE_MATCHES_MAX}`, reason: 'Its time zone matches none we know, so its repeats could not follow daylight saving time' }]);
  });
});

describe('which version of an event is newer', () => {
  it('goes by SEQUENCE, then by the last change (Google keeps SEQUENCE at 0)', () => {
    const source = (sequence: number, modified: string) => ({ uid: 'u', sequence, modified });
    expect(compareSources(source(1, '2027-01-01'), source(0, '2027-06-01'))).toBeGreaterThan(0);
    expect(compareSources(source(0, '2027-06-01'), source(0, '2027-01-01'))).toBeGreaterThan(0);
    expect(compareSources(source(0, '2027-01-01'), source(0, '2027-01-01'))).toBe(0);
    expect(compareSources(source(0, ''), source(0, '2027-01-01'))).toBeLessThan(0);
  });
});
