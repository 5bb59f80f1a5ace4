import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';

/**
 * A Fluent token's CSS variable, as Fluent's `tokens` object names it: that object (every token) would otherwise be
 * code the first screen loads for the two used here, its other uses being compiled away with the styles.
 */
const tokenVar = (name: keyof Theme) => `var(--${name})`;

/** WCAG relative luminance of a #RRGGBB colour. */
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrastRatio(l1: number, l2: number): number {
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** The WCAG contrast ratio of two #RRGGBB colours. */
export function contrastOf(a: string, b: string): number {
  return contrastRatio(relativeLuminance(a), relativeLuminance(b));
}

// The luminances of the two static text tokens below: static, so the same in every Fluent theme as in this one.
const STATIC_INVERTED_LUMINANCE = relativeLuminance(webLightTheme.colorNeutralForegroundStaticInverted);
const STATIC_FOREGROUND_LUMINANCE = relativeLuminance(webLightTheme.colorNeutralForeground1Static);

/** The minimum contrast WCAG AA asks of normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The text colour token that reads best on a background of the given colour, and the contrast it reaches. */
export function readableTextOn(background: string): { color: string; contrast: number } {
  const l = relativeLuminance(background);
  const onLight = contrastRatio(l, STATIC_FOREGROUND_LUMINANCE);
  const onDark = contrastRatio(l, STATIC_INVERTED_LUMINANCE);
  return onDark >= onLight
    ? { color: tokenVar('colorNeutralForegroundStaticInverted'), contrast: onDark }
    : { color: tokenVar('colorNeutralForeground1Static'), contrast: onLight };
}

/** The minimum contrast WCAG AA asks of graphics that carry meaning, like a calendar's colour (1.4.11). */
export const MIN_GRAPHIC_CONTRAST = 3;

// The surfaces a colour is drawn on, the hardest of each scheme's: the darkest light one, the lightest dark one.
const LIGHT_SURFACE = webLightTheme.colorNeutralBackground3;
const DARK_SURFACE = webDarkTheme.colorNeutralBackground1;

const hex = (channel: number) => Math.round(channel).toString(16).padStart(2, '0');

/** The colour mixed toward another by a share (0–1), in sRGB. */
function mix(color: string, toward: string, share: number): string {
  const channel = (source: string, offset: number) => Number.parseInt(source.slice(offset, offset + 2), 16);
  return `#${[1, 3, 5].map((offset) => hex(channel(color, offset) * (1 - share) + channel(toward, offset) * share)).join('')}`;
}

/** The colour, lightened or darkened no more than needed to reach 3:1 against the surface. */
export function visibleOn(color: string, surface: string): string {
  const toward = relativeLuminance(surface) < 0.5 ? '#ffffff' : '#000000';
  for (let share = 0; share < 1; share += 0.05) {
    const candidate = mix(color, toward, share);
    if (contrastOf(candidate, surface) >= MIN_GRAPHIC_CONTRAST) return candidate;
  }
  return toward;
}

const displayed = new Map<string, string>();

/**
 * How to draw a calendar's colour as a mark (a swatch, an event's dot): itself where it stands out from the page, else
 * lightened (dark theme) or darkened (light theme) until it does; the stored colour stays as chosen. A CSS light-dark()
 * pair, which follows the color-scheme the theme sets. Worked out once a colour.
 */
export function displayColor(color: string): string {
  let pair = displayed.get(color);
  if (pair === undefined) {
    pair = `light-dark(${visibleOn(color, LIGHT_SURFACE)}, ${visibleOn(color, DARK_SURFACE)})`;
    displayed.set(color, pair);
  }
  return pair;
}
