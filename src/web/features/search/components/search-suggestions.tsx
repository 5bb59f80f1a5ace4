import { Caption1, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { useMemo, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import type { SuggestionList } from '../hooks/use-suggestion-list.ts';
import { formatHitWhen } from '../lib/format-hit-when.ts';
import { SEARCH_MESSAGES } from '../lib/search-messages.ts';
import { HighlightedText } from './highlighted-text.tsx';

const useStyles = makeStyles({
  // Placed by Fluent's positioning under the box, kept inside the window; above the results panel (10) and the
  // calendar, below Fluent's dialogs.
  popup: {
    zIndex: 20,
    width: 'min(360px, calc(100vw - 16px))',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    '@media (forced-colors: active)': shorthands.borderColor('CanvasText'),
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  // The one ↑ ↓ chose: focus stays in the box, so it is drawn as focus is, not by its colour alone.
  active: {
    backgroundColor: tokens.colorSubtleBackgroundSelected,
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
    outlineOffset: `calc(-1 * ${tokens.strokeWidthThick})`,
    '@media (forced-colors: active)': { outlineColor: 'Highlight' },
  },
  title: { overflowWrap: 'anywhere' },
  when: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  status: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/** The option's id in the list: what the box names as its active descendant. */
export const suggestionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The suggestions under the search box, as a listbox the box controls: each event's title with the words found
 * marked, when it is and where. A click opens one (the box keeps focus); the count is announced.
 */
export function SearchSuggestions({ listId, list, containerRef }: { listId: string; list: SuggestionList; containerRef: Ref<HTMLDivElement> }) {
  const styles = useStyles();
  const intl = useIntl();
  const { locale, timeZone } = useRegionalSettings();
  const timeOfDay = useTimeOfDayOptions();
  const display = useMemo(() => ({ locale, timeZone, timeOfDay }), [locale, timeZone, timeOfDay]);
  const { hits, active } = list;
  return (
    <>
      <div role="status" className={styles.status}>
        {hits.length > 0 ? intl.formatMessage(SEARCH_MESSAGES.suggestionCount, { count: hits.length }) : ''}
      </div>
      {hits.length > 0 && (
        <div ref={containerRef} role="listbox" id={listId} aria-label={intl.formatMessage(SEARCH_MESSAGES.suggestions)} className={styles.popup}>
          {hits.map((hit, index) => {
            const { when, allDay } = formatHitWhen(hit, display);
            const whenText = allDay ? intl.formatMessage(SEARCH_MESSAGES.allDayWhen, { when }) : when;
            return (
              <div
                key={hit.id}
                id={suggestionId(listId, index)}
                role="option"
                aria-selected={index === active}
                data-hit-id={hit.id}
                className={mergeClasses(styles.option, index === active && styles.active)}
                // The box keeps focus: the click opens the event, and focus comes back to the box after.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => list.choose(hit)}
              >
                <Text weight="semibold" className={styles.title}>
                  <HighlightedText text={hit.title} ranges={hit.highlights.title} />
                </Text>
                <Caption1 className={styles.when}>
                  {hit.location ? intl.formatMessage(SEARCH_MESSAGES.whenAndWhere, { when: whenText, where: hit.location }) : whenText}
                </Caption1>
              </div>
            );
          })}
        </div>
      )}
    </>
  );
}
