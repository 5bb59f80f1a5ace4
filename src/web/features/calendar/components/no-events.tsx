import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarEmpty24Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    color: tokens.colorNeutralForeground2,
  },
});

/** The list view's empty state. */
export function NoEvents({ text }: { text: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <CalendarEmpty24Regular aria-hidden />
      <Body1>{text}</Body1>
    </div>
  );
}
