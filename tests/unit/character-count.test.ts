import { describe, expect, test } from 'vitest';
import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_TITLE_MAX } from '../../src/shared/limits.ts';
import { CHARACTER_COUNT_SHOWN_FROM, characterCount, TEXT_FIELD_LIMITS } from '../../src/web/features/events/lib/character-count.ts';

describe('a text field’s character count', () => {
  test('shows from 80 % of the limit, past the limit too', () => {
    expect(CHARACTER_COUNT_SHOWN_FROM).toBe(0.8);
    expect(characterCount('x'.repeat(159), 200)).toBeNull();
    expect(characterCount('x'.repeat(160), 200)).toEqual({ count: 160, max: 200 });
    expect(characterCount('x'.repeat(201), 200)).toEqual({ count: 201, max: 200 });
    expect(characterCount('', 200)).toBeNull();
  });

  test('uses the event schema’s limits', () => {
    expect(TEXT_FIELD_LIMITS).toEqual({ title: EVENT_TITLE_MAX, location: EVENT_LOCATION_MAX, description: EVENT_DESCRIPTION_MAX });
  });
});
