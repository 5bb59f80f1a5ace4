import { useEffect, useRef } from 'react';
import type { ChangeNotice } from '../../shared/history-schema.ts';

/**
 * What the live stream (features/live) heard since it last told: the changes others (and the user elsewhere) made, in
 * order, at most once per LIVE_REFETCH_COALESCE_MS, and whether everything shown must be fetched afresh (changes were
 * missed that the server could not replay).
 */
export interface LiveBatch {
  notices: readonly ChangeNotice[];
  refetch: boolean;
}

type LiveListener = (batch: LiveBatch) => void;

// One stream a page, many readers (the calendar, the details dialog, the shell's lists): a plain module-level
// channel, so the features that read notices need not import the one that receives them.
const listeners = new Set<LiveListener>();

/** Tells every reader of live changes about a batch. */
export function publishLiveBatch(batch: LiveBatch): void {
  for (const listener of [...listeners]) listener(batch);
}

export function subscribeLiveBatches(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Calls onBatch with each batch of live changes while the component is mounted (its latest onBatch). */
export function useLiveBatches(onBatch: LiveListener): void {
  const latest = useRef(onBatch);
  useEffect(() => {
    latest.current = onBatch;
  });
  useEffect(() => subscribeLiveBatches((batch) => latest.current(batch)), []);
}

/** An event as the calendar and the details show it: a single event, or an occurrence of a series. */
export interface ShownEvent {
  id: string;
  seriesId?: string | null | undefined;
  recurrenceId?: string | null | undefined;
}

const sameInstant = (a: string, b: string) => a === b || (Date.parse(a) === Date.parse(b) && !Number.isNaN(Date.parse(a)));

/**
 * Whether a change touches an event shown: the event itself, or its series unless the change was made to another
 * occurrence alone ('this' through a different recurrence id).
 */
export function noticeTouches(notice: ChangeNotice, shown: ShownEvent): boolean {
  if (notice.eventId === null) return false;
  if (!shown.seriesId) return notice.eventId === shown.id;
  if (notice.eventId !== shown.seriesId) return false;
  if (notice.scope !== 'this' || !notice.recurrenceId || !shown.recurrenceId) return true;
  return sameInstant(notice.recurrenceId, shown.recurrenceId);
}
