import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Fails unless the element's text holds each string literally: a payload rendered as text keeps its angle
 * brackets and quotes there, while one parsed as markup becomes elements and drops out of the text.
 */
export async function expectLiteralText(scope: Locator, texts: readonly string[]): Promise<void> {
  const content = (await scope.textContent()) ?? '';
  for (const text of texts) expect(content, 'shown literally').toContain(text);
}
