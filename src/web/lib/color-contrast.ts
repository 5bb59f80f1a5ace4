import { webLightTheme, type Theme } from '@fluentui/react-components';

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
