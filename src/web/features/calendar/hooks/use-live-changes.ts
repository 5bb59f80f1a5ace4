import { useCallback, useEffect, useState } from 'react';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { ChangeKind, ChangeNotice } from '../../../../shared/history-schema.ts';
import { noticeTouches, useLiveBatches, type LiveBatch } from '../../../lib/live-notices.ts';

/** How long an event someone else just changed says who did ("Updated by Ada"). */
export const LIVE_HINT_MS = 8_000;

/** Who last changed an event shown, and how, while the hint lasts. */
export interface LiveHint {
  kind: Exclude<ChangeKind, 'deleted'>;
  name: string;
}

interface HeldHint {
  notice: ChangeNotice;
  until: number;
}

/** Whether a batch changes what the calendars shown hold: a change in one of them, or moved out of one. */
export function batchTouches(batch: LiveBatch, calendarIds: readonly string[]): boolean {
  const shown = new Set(calendarIds);
  return batch.refetch || batch.notices.some((notice) => shown.has(notice.calendarId) || (notice.fromCalendarId !== null && shown.has(notice.fromCalendarId)));
}

/** The events (or series) a batch changed, for the windows held to forget; none when everything must be fetched again. */
export function changedEvents(batch: LiveBatch): ReadonlySet<string> | undefined {
  if (batch.refetch) return undefined;
  return new Set(batch.notices.flatMap((notice) => (notice.eventId === null ? [] : [notice.eventId])));
}

/** The hints a batch brings: events others created, changed, moved or restored (never the user's own changes). */
function hintsOf(batch: LiveBatch, myId: string, until: number): HeldHint[] {
  return batch.notices.filter((notice) => notice.eventId !== null && notice.kind !== 'deleted' && notice.by.id !== myId).map((notice) => ({ notice, until }));
}

/**
 * The calendar's part in live updates: the period shown is fetched again when a change touches the calendars shown
 * (the stream's batches come at most once per LIVE_REFETCH_COALESCE_MS), and each event someone else changed carries
 * a hint for LIVE_HINT_MS. An open form is never touched: its values are its own.
 */
export function useLiveChanges(calendarIds: readonly string[], refresh: (changed?: ReadonlySet<string>) => void, myId: string): (event: CalendarEvent) => LiveHint | undefined {
  const [hints, setHints] = useState<readonly HeldHint[]>([]);
  useLiveBatches(
    useCallback(
      (batch: LiveBatch) => {
        if (!batchTouches(batch, calendarIds)) return;
        refresh(changedEvents(batch));
        const added = hintsOf(batch, myId, Date.now() + LIVE_HINT_MS);
        if (added.length > 0) setHints((current) => [...current.filter((held) => held.until > Date.now()), ...added]);
      },
      [calendarIds, refresh, myId],
    ),
  );
  // Each hint goes when its time is up: the earliest sets the timer.
  useEffect(() => {
    if (hints.length === 0) return;
    const next = Math.min(...hints.map((held) => held.until));
    const timer = setTimeout(() => setHints((current) => current.filter((held) => held.until > Date.now())), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [hints]);
  return useCallback((event: CalendarEvent) => hintFor(hints, event), [hints]);
}

/** The newest hint held for an event. */
function hintFor(hints: readonly HeldHint[], event: CalendarEvent): LiveHint | undefined {
  const { seriesId, recurrenceId } = event.extendedProps;
  const held = hints.findLast((candidate) => noticeTouches(candidate.notice, { id: event.id, seriesId, recurrenceId }));
  // Deletions bring no hint (hintsOf): the event is gone.
  return held && { kind: held.notice.kind as LiveHint['kind'], name: held.notice.by.name };
}
