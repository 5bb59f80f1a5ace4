import type { BrowserContext, Frame, Page } from 'playwright-core';

/** What a page showed of injected script: markers the payloads push, dialogs they open, scripts the CSP blocked. */
export interface ScriptExecutions {
  markers: number[];
  dialogs: string[];
  /** Inline scripts, handlers and javascript: URLs the CSP refused to run: each one a payload rendered as markup. */
  blockedInlineScripts: string[];
}

export const NOTHING_RAN: ScriptExecutions = { markers: [], dialogs: [], blockedInlineScripts: [] };

interface WatchedWindow {
  __xss: number[];
  __blockedInlineScripts: string[];
}

export interface ScriptExecutionWatch {
  /** Everything seen so far in the page's frames, once what the page rendered has finished loading. */
  seen(page: Page): Promise<ScriptExecutions>;
  /** Forgets what was seen, e.g. after a deliberate control. */
  reset(page: Page): Promise<void>;
}

/**
 * Watches every page and frame of a context for script the tests did not write. Each frame gets its marker array
 * and CSP listener before any of its own scripts run, so a payload in a cross-origin tab frame is seen too.
 */
export async function watchScriptExecution(context: BrowserContext): Promise<ScriptExecutionWatch> {
  const dialogs: string[] = [];
  context.on('page', (page) => watchDialogs(page, dialogs));
  for (const page of context.pages()) watchDialogs(page, dialogs);
  await context.addInitScript(() => {
    const watched = window as unknown as WatchedWindow;
    watched.__xss = [];
    watched.__blockedInlineScripts = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      // 'inline' is a script element, an event handler attribute or a javascript: URL; zod's eval probe is not a payload.
      if (event.blockedURI === 'inline') watched.__blockedInlineScripts.push(`${event.effectiveDirective}: ${event.sample}`);
    });
  });
  return {
    async seen(page) {
      await settle(page);
      const frames = await Promise.all(page.frames().map(readFrame));
      return {
        markers: frames.flatMap((frame) => frame.markers),
        dialogs: [...dialogs],
        blockedInlineScripts: frames.flatMap((frame) => frame.blockedInlineScripts),
      };
    },
    async reset(page) {
      dialogs.length = 0;
      await Promise.all(
        page.frames().map((frame) =>
          frame.evaluate(() => {
            const watched = window as unknown as Partial<WatchedWindow>;
            watched.__xss?.splice(0);
            watched.__blockedInlineScripts?.splice(0);
          }),
        ),
      );
    },
  };
}

function watchDialogs(page: Page, dialogs: string[]): void {
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

async function readFrame(frame: Frame): Promise<Omit<ScriptExecutions, 'dialogs'>> {
  return frame.evaluate(() => {
    const watched = window as unknown as Partial<WatchedWindow>;
    // A frame the init script never reached (e.g. an injected srcdoc frame) is itself a sign of injected markup.
    if (!watched.__xss || !watched.__blockedInlineScripts) return { markers: [-1], blockedInlineScripts: [`unwatched frame ${location.href}`] };
    return { markers: [...watched.__xss], blockedInlineScripts: [...watched.__blockedInlineScripts] };
  });
}

/** Lets what the page rendered finish loading, so an onerror or onload payload would have fired by now. */
async function settle(page: Page): Promise<void> {
  for (const frame of page.frames()) await frame.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))));
}
