/**
 * The longest work meant for idle time waits: where the page has no idle callback (Safari, so Teams on iOS), and
 * where it is never idle for long.
 */
export const IDLE_WAIT_MAX_MS = 1000;

/** Runs work that can wait when the page is next idle: after what is on screen has rendered and its input is handled. */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: IDLE_WAIT_MAX_MS });
  else setTimeout(work, IDLE_WAIT_MAX_MS);
}

/** The longest work meant for after the next paint waits: where no frame is drawn (a hidden tab, a host's preload). */
export const AFTER_PAINT_WAIT_MAX_MS = 100;

/** What afterNextPaint needs of the window: its frames and timers. */
export type FrameClock = Pick<Window, 'requestAnimationFrame' | 'setTimeout'>;

/**
 * Runs work once the browser has painted what the last render put in the page: a task after the next frame's
 * callbacks, so the frame is drawn first. Work that would otherwise hold that paint up (the rest of the page's
 * parts, their code's preloads) then follows what the reader came for.
 */
export function afterNextPaint(work: () => void, clock: FrameClock = window): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  clock.requestAnimationFrame(() => clock.setTimeout(once, 0));
  clock.setTimeout(once, AFTER_PAINT_WAIT_MAX_MS);
}

/** The longest work meant for after an element is drawn waits: it may stay hidden, or the tab draw nothing. */
export const DRAWN_WAIT_MAX_MS = 300;

/**
 * Runs work after the paint of the first frame in which `isDrawn` holds, checked as each frame starts. FullCalendar
 * keeps an event hidden until it has placed it, a frame or more after it enters the page: work run after the first
 * paint alone could hold up the one that shows it.
 */
export function afterDrawn(isDrawn: () => boolean, work: () => void, clock: FrameClock = window): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  const check = () => {
    if (done) return;
    if (isDrawn()) clock.setTimeout(once, 0);
    else clock.requestAnimationFrame(check);
  };
  clock.requestAnimationFrame(check);
  clock.setTimeout(once, DRAWN_WAIT_MAX_MS);
}
