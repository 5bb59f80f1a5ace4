import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { TextRange } from '../../../../shared/search-schema.ts';

const useStyles = makeStyles({
  // Not by colour alone: the words found are bold too, and <mark> tells assistive technology what they are. Forced
  // colours take the system's own highlight pair.
  mark: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderRadius: tokens.borderRadiusSmall,
    '@media (forced-colors: active)': { backgroundColor: 'Mark', color: 'MarkText', forcedColorAdjust: 'none' },
  },
});

/** The text with the stretches the search matched (as the API gave them) marked. */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const styles = useStyles();
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    // Ranges come in order and apart; one that does not fit this text (an older answer) is left unmarked.
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
