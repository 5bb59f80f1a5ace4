import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** How long the page must go without a change to count as settled, and the longest wait for that. */
const SETTLE_QUIET_MS = 150;
const SETTLE_MAX_MS = 3000;

/** What to read: `include`, a CSS selector, limits the reading to what it matches (see axeViolations). */
export interface AxeScope {
  include?: string;
}

/** Open dialogs and alert dialogs, with what they hold: a reading of them alone, the page beneath read elsewhere. */
export const DIALOGS = '[role=dialog], [role=alertdialog]';

/**
 * Fluent times a toast with a CSS animation of an invisible span (opacity 0 to 0, as long as the toast shows): it
 * moves nothing, and waiting for it to end would wait every toast out (3 s, 8 s for an error) before each reading.
 */
const TOAST_TIMER = '[data-timer-status]';

/** One settled reading of the page by axe: its violations. */
async function readOnce(page: Page, scope: AxeScope): Promise<string[]> {
  // Parts that come after the first events (the header's commands, the side panel) may still be arriving, and fade
  // in when they do: the page is first let settle (no change for a moment, or the most waited for that).
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(finish, quietMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quietMs);
        });
        const cap = setTimeout(finish, maxMs);
        function finish() {
          clearTimeout(timer);
          clearTimeout(cap);
          observer.disconnect();
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true });
      }),
    { quietMs: SETTLE_QUIET_MS, maxMs: SETTLE_MAX_MS },
  );
  // Mid-fade, text is translucent and its contrast is not what the user will read: no animation runs, and none has
  // left its element part-way faded (Fluent's motions may sit paused for a frame before they play).
  await page.waitForFunction(
    (timer) =>
      document.getAnimations().every((animation) => {
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
        if (target?.matches(timer)) return true;
        const opacity = target ? Number.parseFloat(getComputedStyle(target).opacity) : 1;
        return animation.playState !== 'running' && (opacity === 0 || opacity === 1);
      }),
    TOAST_TIMER,
  );
  const builder = new AxeBuilder({ page });
  if (scope.include) builder.include(scope.include);
  // Framed documents (a hosted tab) are read frame by frame and the parts joined in a blank page the reading opens;
  // a page of one document is read at once, in itself: the same rules on the same nodes, without that page.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder
    .withTags(WCAG_21_AA)
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** How many readings at most: one, and again while violations remain, up to this many. */
const READINGS_MAX = 3;

/**
 * WCAG 2.1 A/AA violations on the page, one readable line each (empty when there are none). A toast that times out
 * while axe reads the page fades: its half-faded text fails contrast though no one reads it so. A reading with
 * violations is taken again, on the page as it then is.
 * `scope.include` reads only part of the page, e.g. DIALOGS once the page beneath has been read in the same theme:
 * axe's time grows with the nodes it reads, and a month grid has many (measured on a busy machine: 2–3 s for the
 * whole page, 0.5–1 s for its dialogs alone).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  let reading = await readOnce(page, scope);
  // A reading with violations is taken again, whether or not anything was seen to move: on a loaded machine a
  // transition can start and end inside axe's reading (CI once found the mini calendar's today marker mid-change). A
  // real violation stays in every reading, so the last one is what counts.
  for (let again = 1; again < READINGS_MAX && reading.length > 0; again++) reading = await readOnce(page, scope);
  return reading;
}
