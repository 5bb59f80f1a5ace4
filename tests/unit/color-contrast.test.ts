import { describe, expect, it } from 'vitest';
import { contrastOf, displayColor, MIN_GRAPHIC_CONTRAST, visibleOn } from '../../src/web/lib/color-contrast.ts';

const DARK_PAGE = '#292929';
const LIGHT_PAGE = '#f5f5f5';

describe('a calendar colour drawn as a mark', () => {
  it('a dark colour is lightened on a dark page until it stands out 3:1, and no further', () => {
    expect(contrastOf('#8F3BB8', DARK_PAGE)).toBeLessThan(MIN_GRAPHIC_CONTRAST);
    const shown = visibleOn('#8F3BB8', DARK_PAGE);
    expect(contrastOf(shown, DARK_PAGE)).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
    // One step less would not do: the colour moves no more than it must.
    expect(shown).not.toBe('#ffffff');
    expect(contrastOf(shown, DARK_PAGE)).toBeLessThan(MIN_GRAPHIC_CONTRAST + 0.5);
  });

  it('a light colour is darkened on a light page, and one that already stands out stays as it is', () => {
    expect(contrastOf(visibleOn('#FFE066', LIGHT_PAGE), LIGHT_PAGE)).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
    expect(visibleOn('#0F6CBD', LIGHT_PAGE)).toBe('#0f6cbd');
    expect(visibleOn('#FFE066', DARK_PAGE)).toBe('#ffe066');
  });

  it('is shown as a light-dark() pair, so the theme’s colour scheme picks the one for its page', () => {
    expect(displayColor('#8F3BB8')).toBe(`light-dark(${visibleOn('#8F3BB8', LIGHT_PAGE)}, ${visibleOn('#8F3BB8', DARK_PAGE)})`);
  });
});
