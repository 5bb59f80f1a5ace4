import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.1 A/AA violations on the page, one readable line each (empty when there are none). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Mid-fade, text is translucent and its contrast is not what the user will read.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    // Fluent's focus-trap sentinels: aria-hidden yet focusable by design, a known false positive; on the page, and
    // in a tab framed by a host.
    .exclude('[data-tabster-dummy]')
    .exclude(['iframe', '[data-tabster-dummy]'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
