import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

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

/** A calendar's colour, decorative: the calendar's name always sits next to it. */
export function ColorSwatch({ color, className }: { color: string; className?: string }) {
  const styles = useStyles();
  return <span aria-hidden className={mergeClasses(styles.swatch, className)} style={{ backgroundColor: color }} />;
}
