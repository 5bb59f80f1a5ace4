// The event form never rewrites a rule it did not change (issue 28): its Repeat field shows a stored rule by meaning
// and would build UNTIL as the end of the date it shows, so "changed the repeat from X to X" in the history.
import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { eventFormValues, validateEventForm, type EventFormValues } from '../../src/web/features/events/lib/event-form-values.ts';
import { choosePreset } from '../../src/web/features/events/lib/repeat-options.ts';
import { ruleToSave, storedRuleOf } from '../../src/web/features/events/lib/rule-to-save.ts';

const NY = 'America/New_York';
/** Tuesdays 09:00 in New York from 4 March 2031, ended by a "this and following" split a second before 25 March's. */
const RULE = 'FREQ=WEEKLY;UNTIL=20310325T125959Z;BYDAY=TU';

const series: CalendarEvent = {
  id: 's1',
  title: 'Stand-up',
  start: '2031-03-04T14:00:00.000Z',
  end: '2031-03-04T15:00:00.000Z',
  allDay: false,
  rrule: RULE,
  extendedProps: {
    calendarId: 'c1',
    description: '',
    location: '',
    timeZone: NY,
    categoryId: '',
    video: '',
    onlineMeetingUrl: '',
    createdBy: { id: 'u', name: 'U' },
    updatedBy: { id: 'u', name: 'U' },
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
    version: 3,
  },
};

/** The body the form sends for an "all events" edit of the series, from these values. */
function patch(values: EventFormValues, storedRule = storedRuleOf(series)) {
  const result = validateEventForm(values, { timeZone: NY, includeTimeZone: false, includeRule: true, seriesTimeZone: NY, storedRule });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.event;
}

describe('the rule an edit of a series sends', () => {
  const shown = eventFormValues(series, NY);

  test('the Repeat field shows the rule ending on its last date, which it would write back as another UNTIL', () => {
    expect(shown.repeat).toMatchObject({ preset: 'custom', ends: 'on', untilDate: '2031-03-24' });
    // Without the stored rule (as before issue 28): the same meaning, another text.
    expect(patch(shown, null).rrule).toBe('FREQ=WEEKLY;UNTIL=20310325T035959Z;BYDAY=TU');
  });

  test('a title change leaves the rule out: the server keeps it as it is', () => {
    const body = patch({ ...shown, title: 'Daily stand-up' });
    expect(body.title).toBe('Daily stand-up');
    expect(body).not.toHaveProperty('rrule');
  });

  test('a changed pattern is sent, built from the field', () => {
    expect(patch({ ...shown, repeat: { ...shown.repeat, interval: '2' } }).rrule).toBe('FREQ=WEEKLY;INTERVAL=2;UNTIL=20310325T035959Z;BYDAY=TU');
    expect(patch({ ...shown, repeat: choosePreset(shown.repeat, 'none') }).rrule).toBe('');
  });

  test('a start moved to a later time of the same weekday sends the stored rule’s own text; to another weekday, the new day', () => {
    expect(patch({ ...shown, startTime: '10:00', endTime: '11:00' }).rrule).toBe(RULE);
    // A weekly rule on the start's own day follows the start, as the field shows.
    const daily = { ...series, rrule: 'FREQ=WEEKLY;BYDAY=TU' };
    const values = { ...eventFormValues(daily, NY), startDate: '2031-03-05', endDate: '2031-03-05' };
    expect(patch(values, storedRuleOf(daily)).rrule).toBe('FREQ=WEEKLY;BYDAY=WE');
  });

  test('ruleToSave: a series made all-day, or a rule the field could not show (kept as it is), by the same rules', () => {
    const context = { start: series.start, allDay: false, timeZone: NY };
    expect(ruleToSave('FREQ=DAILY', { ...storedRuleOf(series)!, allDay: true }, context)).toBe('FREQ=DAILY');
    const other = 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1';
    expect(ruleToSave(other, { rrule: other, start: series.start, allDay: false }, context)).toBeUndefined();
    expect(ruleToSave('', { rrule: '', start: series.start, allDay: false }, context)).toBeUndefined();
  });
});
