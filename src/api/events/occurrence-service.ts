// "This event" and "this and following events" edits of a series' occurrences. Every change is a write of the
// series (and, for a split, the creation of the new series) through writeEvent, conditional on the series' ETag.
import { eventToWrite, eventWriteSchema, type CalendarEvent, type EventDraft, type EventPatch } from '../../shared/event-schema.ts';
import { occurrenceLocalStart } from '../../shared/local-date-time.ts';
import { normaliseExdates } from '../../shared/recurrence-rule.ts';
import { isDateOnly } from '../../shared/time.ts';
import type { Principal } from '../auth/principal.ts';
import { notFound, validationFailed } from '../errors.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { occurrenceAt, type Occurrence } from '../recurrence/expand-series.ts';
import { splitSeries } from '../recurrence/split-series.ts';
import { PreconditionFailedError, versionMatches, type ChangeContext, type ExpectedVersion, type Store } from '../stores/repository.ts';
import { checkSeries, toDraft } from './check-series.ts';
import type { EditableCalendar } from './editable-calendar.ts';
import { occurrenceEvent } from './expand-feed.ts';
import { mergeEventPatch } from './merge-event-patch.ts';
import { undoneSeries } from './occurrence-undo.ts';
import { keepOverrides, overrideOf, partitionOverrides, ruleCannotMove, seriesOf, withOverride } from './series-edits.ts';
import type { WriteEvent } from './write-event.ts';

export type OccurrenceScope = 'this' | 'following';

export interface OccurrenceKey {
  calendarId: string;
  eventId: string;
  /** The occurrence's original start: an ISO instant for timed series, a date for all-day ones. */
  recurrenceId: string;
}

export interface OccurrenceChange {
  calendar: EditableCalendar;
  eventId: string;
  recurrenceId: string;
  expected: ExpectedVersion;
  scope: OccurrenceScope;
}

type OccurrenceEdit = OccurrenceChange & { patch: EventPatch };

/** What an occurrence edit wrote: the changed occurrence and its series, or the series that now runs from it. */
export type OccurrenceUpdate = { scope: 'this'; occurrence: CalendarEvent; series: CalendarEvent } | { scope: 'following'; series: CalendarEvent };

export interface OccurrenceService {
  /** One occurrence of a series, overridden or not; 404 when the series has none there, or skips it. */
  getOccurrence(principal: Principal, key: OccurrenceKey): Promise<{ occurrence: CalendarEvent; series: CalendarEvent }>;
  /** An occurrence by its id in the feed (`{seriesId}:{recurrenceId}`), for deep links; null when there is none. */
  findOccurrence(principal: Principal, occurrenceId: string): Promise<CalendarEvent | null>;
  /**
   * The series "this and following" would start at an occurrence, unsaved: its rule (the rest of a COUNT), start,
   * skipped and extra dates and changed occurrences, as a split with no other change writes it; and the series now.
   */
  followingSeries(principal: Principal, key: OccurrenceKey): Promise<{ following: CalendarEvent; series: CalendarEvent }>;
  updateOccurrence(principal: Principal, change: OccurrenceEdit): Promise<OccurrenceUpdate>;
  deleteOccurrence(principal: Principal, change: OccurrenceChange): Promise<void>;
  /** Undoes deleteOccurrence (not from the first occurrence, which trashes the series): expected is the version it made. */
  undoDeleteOccurrence(principal: Principal, change: OccurrenceChange): Promise<CalendarEvent>;
}

/** A recurrence id as the feed writes it, or null when it is not of the series' kind. */
function normaliseRecurrenceId(value: string, allDay: boolean): string | null {
  if (allDay) return isDateOnly(value) ? value : null;
  const ms = isDateOnly(value) ? Number.NaN : Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The series' occurrence with this recurrence id, unless the rule makes none there or the series skips it. */
function findOccurrenceOf(series: CalendarEvent, recurrenceId: string): Occurrence | null {
  const id = normaliseRecurrenceId(recurrenceId, series.allDay);
  const occurrence = id === null ? null : occurrenceAt(seriesOf(series), id);
  return occurrence && !(series.exdate ?? []).includes(occurrence.recurrenceId) ? occurrence : null;
}

function occurrenceOf(series: CalendarEvent, recurrenceId: string): Occurrence {
  const occurrence = findOccurrenceOf(series, recurrenceId);
  if (!occurrence) throw notFound('The series has no occurrence that starts then.');
  return occurrence;
}

/** A stored series as a draft, overrides and import source included: what a write of it starts from. */
export function seriesDraft(series: CalendarEvent): EventDraft {
  return { ...toDraft(eventToWrite(series)), overrides: series.extendedProps.overrides ?? {}, importSource: series.extendedProps.importSource ?? null };
}

/** An occurrence changes only its own fields; the rule, zone and calendar are the series'. */
function checkOccurrencePatch(patch: EventPatch, series: CalendarEvent, scope: OccurrenceScope): void {
  const props = patch.extendedProps ?? {};
  const errors: { field: string; message: string }[] = [];
  const seriesOnly = 'belongs to the series: change it for all events';
  if (props.calendarId !== undefined && props.calendarId !== series.extendedProps.calendarId) errors.push({ field: 'extendedProps.calendarId', message: `The calendar ${seriesOnly}` });
  if (scope === 'this') {
    if (patch.rrule) errors.push({ field: 'rrule', message: `The repeat rule ${seriesOnly}, or for this and following events` });
    if (patch.exdate !== undefined && patch.exdate !== null) errors.push({ field: 'exdate', message: `The skipped occurrences belong to the series: delete this event instead` });
    if (props.timeZone !== undefined && props.timeZone !== series.extendedProps.timeZone) errors.push({ field: 'extendedProps.timeZone', message: `The time zone ${seriesOnly}` });
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** The repeating event at this address; 404 when it is not there or does not repeat. */
async function seriesAt(store: Store, principal: Principal, calendarId: string, eventId: string): Promise<CalendarEvent> {
  const series = await store.events.get({ tenantId: principal.tenantId, calendarId, eventId });
  if (!series) throw notFound();
  if (!series.rrule) throw notFound('This event does not repeat, so it has no occurrences.');
  return series;
}

/** A stale ETag fails before anything is written, even the new series of a split. */
function checkVersion(series: CalendarEvent, expected: ExpectedVersion): void {
  if (!versionMatches(expected, series.extendedProps.version)) throw new PreconditionFailedError();
}

async function updateThis(writeEvent: WriteEvent, principal: Principal, series: CalendarEvent, occurrence: Occurrence, change: OccurrenceEdit) {
  const overrides = series.extendedProps.overrides ?? {};
  const current = occurrenceEvent(series, occurrence, overrides[occurrence.recurrenceId]);
  const draft = toDraft(parseOrThrow(eventWriteSchema, mergeEventPatch(current, change.patch)));
  const base = seriesDraft(series);
  const next = { ...base, overrides: withOverride(overrides, occurrence.recurrenceId, overrideOf(base, occurrence, draft)) };
  const { calendar, eventId, expected } = change;
  const context = { scope: 'this' as const, recurrenceId: occurrence.recurrenceId };
  const written = await writeEvent(principal, { kind: 'update', calendarId: calendar.id, eventId, expected, draft: next, context });
  const override = written.extendedProps.overrides?.[occurrence.recurrenceId];
  return { scope: 'this' as const, occurrence: occurrenceEvent(written, occurrence, override), series: written };
}

/** Ends the series before the occurrence and starts a new one from it, with the patch applied, carrying later exdates and overrides. */
async function updateFollowing(writeEvent: WriteEvent, principal: Principal, series: CalendarEvent, occurrence: Occurrence, change: OccurrenceEdit) {
  const { calendar, eventId, expected, patch } = change;
  // The new series starts at the occurrence, at the series' local time where it has one (02:30 even on a day it is skipped).
  const localStart = occurrenceLocalStart(seriesOf(series), occurrence.start);
  const from = { ...series, start: occurrence.start, end: occurrence.end, extendedProps: { ...series.extendedProps, localStart } };
  const input = parseOrThrow(eventWriteSchema, mergeEventPatch(from, patch));
  const draft = toDraft(input);
  const overrides = series.extendedProps.overrides ?? {};
  const split = splitSeries(seriesOf(series), occurrence.recurrenceId, { newStart: draft.start, newLocalStart: draft.localStart, overrideIds: Object.keys(overrides) });
  if (!split) throw notFound('The series has no occurrence that starts then.');
  const parts = partitionOverrides(overrides, split.movedOverrides);
  const rrule = patch.rrule === undefined ? split.newRule : draft.rrule;
  if (rrule === null) throw ruleCannotMove();
  // Made a single event from here: it skips, adds and changes no occurrence (the merge emptied its dates).
  const single = rrule === '';
  const exdate = patch.exdate === undefined && !single ? split.newExdate : draft.exdate;
  const rdate = patch.rdate === undefined && !single ? split.newRdate : draft.rdate;
  const next = keepOverrides(checkSeries(input, { ...draft, rrule, exdate, rdate, overrides: single ? {} : parts.moved }));
  const context = followingContext(occurrence);
  // From the first occurrence on is the whole series: it changes in place and keeps its id.
  if (split.oldRule === null) return { scope: 'following' as const, series: await writeEvent(principal, { kind: 'update', calendarId: calendar.id, eventId, expected, draft: next, context }) };
  const old = { ...seriesDraft(series), rrule: split.oldRule, exdate: split.oldExdate, rdate: split.oldRdate, overrides: parts.kept };
  const created = await writeEvent(principal, { kind: 'create', calendarId: calendar.id, draft: next, context });
  try {
    await writeEvent(principal, { kind: 'update', calendarId: calendar.id, eventId, expected, draft: old, context });
  } catch (error) {
    // The series changed since it was read: the new series must not stay beside it, nor in the trash.
    const gone = { calendarId: calendar.id, eventId: created.id };
    await writeEvent(principal, { kind: 'delete', ...gone, expected: null, context });
    await writeEvent(principal, { kind: 'purge', ...gone });
    throw error;
  }
  return { scope: 'following' as const, series: created };
}

/** The series "this and following" starts at the occurrence when nothing else changes (its id the series' own). */
function followingOf(series: CalendarEvent, occurrence: Occurrence): CalendarEvent {
  const overrides = series.extendedProps.overrides ?? {};
  const split = splitSeries(seriesOf(series), occurrence.recurrenceId, { overrideIds: Object.keys(overrides) });
  if (!split?.newRule) throw notFound('The series has no occurrence that starts then.');
  const moved = partitionOverrides(overrides, split.movedOverrides).moved;
  const localStart = series.allDay || !series.extendedProps.localStart ? '' : occurrenceLocalStart(seriesOf(series), occurrence.start);
  const { overrides: _all, localStart: _first, ...props } = series.extendedProps;
  const { exdate: _exdate, rdate: _rdate, ...event } = series;
  return {
    ...event,
    start: occurrence.start,
    end: occurrence.end,
    rrule: split.newRule,
    ...(split.newExdate.length > 0 ? { exdate: split.newExdate } : {}),
    ...(split.newRdate.length > 0 ? { rdate: split.newRdate } : {}),
    extendedProps: { ...props, ...(localStart ? { localStart } : {}), ...(Object.keys(moved).length > 0 ? { overrides: moved } : {}) },
  };
}

/** What the history records of a "this and following" change: the scope, and the occurrence it was made through. */
function followingContext(occurrence: Occurrence): ChangeContext {
  return { scope: 'following', recurrenceId: occurrence.recurrenceId };
}

/** Series edits that name one occurrence: overrides, exdates and splits, each written through writeEvent. */
export function createOccurrenceService(store: Store, writeEvent: WriteEvent): OccurrenceService {
  return {
    async getOccurrence(principal, { calendarId, eventId, recurrenceId }) {
      const series = await seriesAt(store, principal, calendarId, eventId);
      const occurrence = occurrenceOf(series, recurrenceId);
      return { occurrence: occurrenceEvent(series, occurrence, series.extendedProps.overrides?.[occurrence.recurrenceId]), series };
    },

    async findOccurrence(principal, occurrenceId) {
      const split = occurrenceId.indexOf(':');
      if (split < 1) return null;
      const series = await store.events.findById({ tenantId: principal.tenantId, eventId: occurrenceId.slice(0, split) });
      const occurrence = series?.rrule ? findOccurrenceOf(series, occurrenceId.slice(split + 1)) : null;
      if (!series || !occurrence) return null;
      return occurrenceEvent(series, occurrence, series.extendedProps.overrides?.[occurrence.recurrenceId]);
    },

    async followingSeries(principal, { calendarId, eventId, recurrenceId }) {
      const series = await seriesAt(store, principal, calendarId, eventId);
      return { following: followingOf(series, occurrenceOf(series, recurrenceId)), series };
    },

    async updateOccurrence(principal, change) {
      const series = await seriesAt(store, principal, change.calendar.id, change.eventId);
      const occurrence = occurrenceOf(series, change.recurrenceId);
      checkOccurrencePatch(change.patch, series, change.scope);
      checkVersion(series, change.expected);
      return change.scope === 'this' ? updateThis(writeEvent, principal, series, occurrence, change) : updateFollowing(writeEvent, principal, series, occurrence, change);
    },

    async deleteOccurrence(principal, { calendar, eventId, recurrenceId, expected, scope }) {
      const series = await seriesAt(store, principal, calendar.id, eventId);
      const occurrence = occurrenceOf(series, recurrenceId);
      checkVersion(series, expected);
      const overrides = series.extendedProps.overrides ?? {};
      const target = { calendarId: calendar.id, eventId, expected };
      if (scope === 'this') {
        const skipped = normaliseExdates([...(series.exdate ?? []), occurrence.recurrenceId], series.allDay);
        const exdate = skipped.ok ? skipped.exdate : [];
        const { [occurrence.recurrenceId]: _gone, ...kept } = overrides;
        const context = { scope: 'this' as const, recurrenceId: occurrence.recurrenceId };
        await writeEvent(principal, { kind: 'update', ...target, draft: { ...seriesDraft(series), exdate, overrides: kept }, context });
        return;
      }
      const context = followingContext(occurrence);
      const split = splitSeries(seriesOf(series), occurrence.recurrenceId, { overrideIds: Object.keys(overrides) });
      if (!split || split.oldRule === null) {
        await writeEvent(principal, { kind: 'delete', ...target, context });
        return;
      }
      const kept = partitionOverrides(overrides, split.movedOverrides).kept;
      await writeEvent(principal, { kind: 'update', ...target, draft: { ...seriesDraft(series), rrule: split.oldRule, exdate: split.oldExdate, rdate: split.oldRdate, overrides: kept }, context });
    },

    async undoDeleteOccurrence(principal, { calendar, eventId, recurrenceId, expected, scope }) {
      const series = await seriesAt(store, principal, calendar.id, eventId);
      // The occurrence may be skipped now (that is what is undone): its id is only normalised, not looked up.
      const id = normaliseRecurrenceId(recurrenceId, series.allDay);
      if (id === null) throw notFound('The series has no occurrence that starts then.');
      const current = { version: series.extendedProps.version, draft: seriesDraft(series) };
      const draft = await undoneSeries(store, principal, { eventId, recurrenceId: id, scope, expected }, current);
      return writeEvent(principal, { kind: 'update', calendarId: calendar.id, eventId, expected, draft, context: { scope, recurrenceId: id } });
    },
  };
}
