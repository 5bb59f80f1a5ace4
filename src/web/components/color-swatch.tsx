import { makeStyles, tokens } from '@fluentui/react-components';
import { displayColor } from '../lib/color-contrast.ts';

const useStyles = makeStyles({
  swatch: {
    display: 'inline-block',
    flexShrink: 0,
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    // The colour is information (which calendar): keep it when the system forces its own colours.
    forcedColorAdjust: 'none',
  },
});

/**
 * A calendar's colour, decorative: the calendar's name always sits next to it. Drawn to stand out from the page (3:1)
 * in either scheme, so a dark colour shows lighter in the dark theme.
 */
export function ColorSwatch({ color }: { color: string }) {
  const styles = useStyles();
  return <span aria-hidden className={styles.swatch} style={{ backgroundColor: displayColor(color) }} />;
}
