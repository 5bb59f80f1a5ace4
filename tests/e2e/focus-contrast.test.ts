import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

/** WCAG's minimum for focus indicators and for graphics that carry meaning. */
const MIN_CONTRAST = 3;

/**
 * The contrast, in the rendered (computed) colours, between a colour property of the element and the first opaque
 * background behind it: of its parent when `behindParent` (a ring drawn outside it, a swatch), else its own.
 */
function renderedContrast(locator: Locator, property: 'outlineColor' | 'backgroundColor' | 'borderTopColor', behindParent: boolean): Promise<number> {
  return locator.evaluate(
    (element, [name, outside]) => {
      const rgb = (value: string) => {
        const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
        return { channels: [r, g, b], alpha: value.startsWith('rgba') ? a : 1 };
      };
      const luminance = (channels: number[]) => {
        const [r = 0, g = 0, b = 0] = channels.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      let behind: Element | null = outside ? element.parentElement : element;
      while (behind && rgb(getComputedStyle(behind).backgroundColor).alpha < 1) behind = behind.parentElement;
      const background = luminance(rgb(behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)').channels);
      const color = luminance(rgb(getComputedStyle(element)[name as 'outlineColor']).channels);
      return (Math.max(color, background) + 0.05) / (Math.min(color, background) + 0.05);
    },
    [property, behindParent] as const,
  );
}

/** Tabs until the focused element matches the selector, then gives it. */
async function tabTo(page: Page, selector: string): Promise<Locator> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return page.locator(':focus');
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('contrast in the dark theme, from the rendered colours', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await newContext(app.browser, app.server.baseUrl, { colorScheme: 'dark' })).newPage();
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);
  });

  test('focus rings stand out 3:1 from what is behind them: the calendar’s buttons, its days and its events', async () => {
    const button = await tabTo(page, '.cc-calendar button');
    expect(await renderedContrast(button, 'outlineColor', true)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(await renderedContrast(button, 'outlineColor', false)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const day = await tabTo(page, '[role=gridcell]');
    expect(await renderedContrast(day, 'outlineColor', false)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const inDay = await tabTo(page, '[role=gridcell] [tabindex="0"]');
    expect(await renderedContrast(inDay, 'outlineColor', true)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test('calendar colours, as swatches and as events’ dots, stand out 3:1 from the page', async () => {
    const swatches = page.locator('span[aria-hidden="true"][style*="background-color"]');
    await swatches.first().waitFor();
    for (const swatch of await swatches.all()) expect(await renderedContrast(swatch, 'backgroundColor', true)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const dots = page.locator('.cc-list-event:not(.cc-block-event) > :first-child');
    await dots.first().waitFor();
    for (const dot of (await dots.all()).slice(0, 20)) expect(await renderedContrast(dot, 'borderTopColor', true)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
