import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../src/api/errors.ts';
import { overrideOf, withOverride } from '../../src/api/events/series-edits.ts';
import type { EventDraft, OccurrenceOverrides } from '../../src/shared/event-schema.ts';
import { RECURRENCE_OVERRIDES_MAX } from '../../src/shared/limits.ts';

const dayId = (i: number) => new Date(Date.UTC(2031, 0, 1) + i * 86_400_000).toISOString();

describe('a series’ overrides', () => {
  const full: OccurrenceOverrides = Object.fromEntries(Array.from({ length: RECURRENCE_OVERRIDES_MAX }, (_, i) => [dayId(i), { title: `Day ${i}` }]));

  it(`holds at most ${RECURRENCE_OVERRIDES_MAX}: one more is a 400, changing or removing one of them is not`, () => {
    const error = (() => {
      try {
        withOverride(full, dayId(RECURRENCE_OVERRIDES_MAX), { title: 'One too many' });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).status).toBe(400);
    expect(JSON.stringify((error as HttpProblem).errors)).toContain(`at most ${RECURRENCE_OVERRIDES_MAX} changed occurrences`);
    expect(Object.keys(withOverride(full, dayId(0), { title: 'Changed again' }))).toHaveLength(RECURRENCE_OVERRIDES_MAX);
    expect(withOverride(full, dayId(0), {})).not.toHaveProperty(dayId(0));
  });

  it('keeps only what differs from the series’ occurrence, and both ends when the time changes', () => {
    const series = {
      title: 'Stand-up', allDay: false, start: '2031-03-04T14:00:00.000Z', end: '2031-03-04T15:00:00.000Z', url: '', groupId: '',
      description: '', location: 'Room 2', timeZone: 'America/New_York', rrule: 'FREQ=DAILY', exdate: [], rdate: [], overrides: {}, importSource: null, categoryId: '', video: '', onlineMeetingUrl: '', localStart: '',
    } satisfies EventDraft;
    const occurrence = { recurrenceId: '2031-03-05T14:00:00.000Z', start: '2031-03-05T14:00:00.000Z', end: '2031-03-05T15:00:00.000Z' };
    expect(overrideOf(series, occurrence, { ...series, ...occurrence, location: 'Room 3' })).toEqual({ location: 'Room 3' });
    expect(overrideOf(series, occurrence, { ...series, start: occurrence.start, end: '2031-03-05T16:00:00.000Z' })).toEqual({
      start: occurrence.start, end: '2031-03-05T16:00:00.000Z', allDay: false,
    });
    expect(overrideOf(series, occurrence, { ...series, ...occurrence })).toEqual({});
  });
});
