import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';

const REPORT = resolve(import.meta.dirname, '../../../test-results/first-render.json');
/** The mark the app sets when the calendar first shows its events (FIRST_EVENTS_MARK in calendar-view.tsx). */
const FIRST_EVENTS_MARK = 'company-calendar:first-events';
/** Element Timing's identifier on the first event shown (FIRST_EVENT_ELEMENT_TIMING in first-load.ts). */
const FIRST_EVENT_ELEMENT_TIMING = 'company-calendar:first-event';

/**
 * Milliseconds from the top-level page's navigation to the calendar's first events, as the page measured them.
 * For a tab, the frame's mark is moved onto the host page's clock: the host's own loading counts too.
 */
export async function firstRenderMs(page: Page, frame: Frame = page.mainFrame()): Promise<number> {
  // The page tells when its mark is set, rather than being polled: waitForFunction would first evaluate Playwright's
  // injected script in the page, a long task landing in the middle of the load being measured.
  const markedAt = await frame.evaluate(
    (mark) =>
      new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntriesByName(mark)[0];
          if (!entry) return;
          observer.disconnect();
          resolve(performance.timeOrigin + entry.startTime);
        });
        observer.observe({ type: 'mark', buffered: true });
      }),
    FIRST_EVENTS_MARK,
  );
  const navigatedAt = await page.evaluate(() => performance.timeOrigin);
  return Math.round(markedAt - navigatedAt);
}

/** When the first event entered the page (the mark) and when it was first painted (Element Timing), in ms from navigation. */
export interface FirstEventTimes {
  mounted: number;
  painted: number;
}

/**
 * Milliseconds from navigation to the first event in the page and to its first paint, as the page measured them:
 * what a reader sees is the paint, which can come tens of ms after the mark (layout, fonts, paint).
 */
export async function firstEventTimes(page: Page, frame: Frame = page.mainFrame()): Promise<FirstEventTimes> {
  const mounted = await firstRenderMs(page, frame);
  const paintedAt = await frame.evaluate(
    (identifier) =>
      new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const painted = (list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[])
            .filter((entry) => entry.identifier === identifier && entry.renderTime > 0)
            .map((entry) => entry.renderTime);
          if (painted.length === 0) return;
          observer.disconnect();
          resolve(performance.timeOrigin + Math.min(...painted));
        });
        observer.observe({ type: 'element', buffered: true });
      }),
    FIRST_EVENT_ELEMENT_TIMING,
  );
  const navigatedAt = await page.evaluate(() => performance.timeOrigin);
  return { mounted, painted: Math.round(paintedAt - navigatedAt) };
}

/** Adds one host context's figure to test-results/first-render.json (the e2e files run one at a time) and prints it. */
export function recordFirstRender(hostContext: string, milliseconds: number): void {
  let figures: Record<string, number> = {};
  try {
    figures = JSON.parse(readFileSync(REPORT, 'utf8')) as Record<string, number>;
  } catch {
    // The first figure of this run.
  }
  figures[hostContext] = milliseconds;
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`first calendar render, ${hostContext}: ${milliseconds} ms`);
}
