import { Caption1, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { SearchHit } from '../../../../shared/search-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { formatHitWhen, type HitDisplay } from '../lib/format-hit-when.ts';
import { SEARCH_MESSAGES } from '../lib/search-messages.ts';
import { HighlightedText } from './highlighted-text.tsx';

const useStyles = makeStyles({
  option: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid transparent`,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    '@media (forced-colors: active)': { ':focus-visible': { outlineColor: 'Highlight' } },
  },
  // The one chosen: where ↑ ↓ go on from, and where Tab comes back to.
  chosen: {
    backgroundColor: tokens.colorSubtleBackgroundSelected,
    '@media (forced-colors: active)': shorthands.borderColor('Highlight'),
  },
  title: { overflowWrap: 'anywhere' },
  when: { color: tokens.colorNeutralForeground2 },
  meta: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  calendar: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  snippet: {
    color: tokens.colorNeutralForeground2,
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflowWrap: 'anywhere',
  },
});

interface SearchResultOptionProps {
  hit: SearchHit;
  calendar: Calendar | undefined;
  display: HitDisplay;
  /** The option ↑ ↓ are on, and the one Tab reaches. */
  chosen: boolean;
  onChoose(): void;
  onOpen(): void;
}

/** One event found: when, its title, where, its calendar, and the words of its description around the match. */
export function SearchResultOption({ hit, calendar, display, chosen, onChoose, onOpen }: SearchResultOptionProps) {
  const styles = useStyles();
  const intl = useIntl();
  const { when, allDay } = formatHitWhen(hit, display);
  return (
    <div
      role="option"
      aria-selected={chosen}
      tabIndex={chosen ? 0 : -1}
      data-hit-id={hit.id}
      className={mergeClasses(styles.option, chosen && styles.chosen)}
      onFocus={onChoose}
      onClick={onOpen}
    >
      <Text weight="semibold" className={styles.title}>
        <HighlightedText text={hit.title} ranges={hit.highlights.title} />
      </Text>
      <Caption1 className={styles.when}>{allDay ? intl.formatMessage(SEARCH_MESSAGES.allDayWhen, { when }) : when}</Caption1>
      <Caption1 className={styles.meta}>
        {hit.location && (
          <span>
            <HighlightedText text={hit.location} ranges={hit.highlights.location} />
          </span>
        )}
        {calendar && (
          <span className={styles.calendar}>
            <ColorSwatch color={calendar.color} />
            {calendar.name}
          </span>
        )}
      </Caption1>
      {hit.snippet && (
        <Caption1 className={styles.snippet}>
          <HighlightedText text={hit.snippet} ranges={hit.highlights.snippet} />
        </Caption1>
      )}
    </div>
  );
}
