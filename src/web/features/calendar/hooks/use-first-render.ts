import { useCallback, useEffect, useRef } from 'react';
import { FIRST_EVENTS_MARK, timeFirstPaint } from '../../../lib/first-load.ts';
import { afterDrawn, afterNextPaint } from '../../../lib/when-idle.ts';

/**
 * Reports the end of the calendar's first load, once, after its paint: its first event drawn (and timed), none to
 * show, or a failure shown in a toast with the calendar still usable (so it too is a start, not a failure to start).
 * The mark is set at once, as the first event enters the page.
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
    const report = () => firstLoad.current.onFirstRender();
    if (!firstEvent) return afterNextPaint(report);
    timeFirstPaint(firstEvent);
    afterDrawn(() => getComputedStyle(firstEvent).visibility !== 'hidden', report);
  }, []);
}
