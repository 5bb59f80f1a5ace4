import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_WAIT_MAX_MS, DRAWN_WAIT_MAX_MS, afterDrawn, afterNextPaint, type FrameClock } from '../../src/web/lib/when-idle.ts';

/** A window's frames and timers on Vitest's fake clock; frames are drawn only when the test says so. */
function frames() {
  const callbacks: FrameRequestCallback[] = [];
  const clock = {
    requestAnimationFrame: (callback: FrameRequestCallback) => callbacks.push(callback),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
  } as unknown as FrameClock;
  const drawFrame = () => {
    for (const callback of callbacks.splice(0)) callback(performance.now());
  };
  return { clock, drawFrame };
}

// Each test sets the fake clock it needs.
afterEach(() => {
  vi.useRealTimers();
});

describe('work after the next paint', () => {
  it('runs in a task after the next frame, not in the frame and not before it', () => {
    vi.useFakeTimers();
    const { clock, drawFrame } = frames();
    const work = vi.fn();
    afterNextPaint(work, clock);
    vi.advanceTimersByTime(AFTER_PAINT_WAIT_MAX_MS / 2);
    expect(work).not.toHaveBeenCalled();
    drawFrame();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    // The longest wait ending later does not run it again.
    vi.advanceTimersByTime(AFTER_PAINT_WAIT_MAX_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it(`runs after ${AFTER_PAINT_WAIT_MAX_MS} ms where no frame is drawn (a hidden tab), once`, () => {
    vi.useFakeTimers();
    const { clock, drawFrame } = frames();
    const work = vi.fn();
    afterNextPaint(work, clock);
    vi.advanceTimersByTime(AFTER_PAINT_WAIT_MAX_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

describe('work after an element is drawn', () => {
  it('waits for the frame in which the element is drawn, and runs in a task after its paint', () => {
    vi.useFakeTimers();
    const { clock, drawFrame } = frames();
    const work = vi.fn();
    let drawn = false;
    afterDrawn(() => drawn, work, clock);
    // Frames in which it is still hidden (FullCalendar placing it) do not count.
    drawFrame();
    vi.advanceTimersByTime(0);
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled();
    drawn = true;
    drawFrame();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DRAWN_WAIT_MAX_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it(`runs after ${DRAWN_WAIT_MAX_MS} ms when the element stays hidden or no frame is drawn, once`, () => {
    vi.useFakeTimers();
    const { clock, drawFrame } = frames();
    const work = vi.fn();
    afterDrawn(() => false, work, clock);
    vi.advanceTimersByTime(DRAWN_WAIT_MAX_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
