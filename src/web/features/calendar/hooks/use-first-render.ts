import { useCallback, useEffect, useRef } from 'react';
import { FIRST_EVENTS_MARK, timeFirstPaint } from '../../../lib/first-load.ts';

/**
 * Reports the end of the calendar's first load, once: its events on screen (the first one drawn is timed), none to
 * show, or a failure shown in a toast with the calendar still usable (so it too is a start, not a failure to start).
 */
export function useFirstRender(onFirstRender: () => void): (firstEvent?: Element) => void {
  const firstLoad = useRef({ settled: false, onFirstRender });
  useEffect(() => {
    firstLoad.current.onFirstRender = onFirstRender;
  }, [onFirstRender]);
  return useCallback((firstEvent?: Element) => {
    if (firstLoad.current.settled) return;
    firstLoad.current.settled = true;
    performance.mark(FIRST_EVENTS_MARK);
    if (firstEvent) timeFirstPaint(firstEvent);
    firstLoad.current.onFirstRender();
  }, []);
}
