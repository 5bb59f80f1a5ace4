import { Button, Caption1, Caption1Strong, Checkbox, Subtitle2, makeStyles, tokens, useId } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { Category } from '../../../../shared/category-schema.ts';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { UNCATEGORISED } from '../../../lib/category-filter.ts';
import type { CategoryFilterState } from '../hooks/use-category-filter.ts';
import { CATEGORY_FILTER_MESSAGES as M } from '../lib/categories-messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  group: { display: 'flex', flexDirection: 'column' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  label: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, wordBreak: 'break-word' },
  showAll: { alignSelf: 'flex-start' },
});

type FilterProps = Pick<CategoryFilterState, 'chosen' | 'setChosen'>;

function FilterCheckbox({ id, label, chosen, setChosen }: FilterProps & { id: string; label: ReactElement | string }) {
  return <Checkbox checked={chosen?.includes(id) ?? false} onChange={(_, data) => setChosen(id, data.checked === true)} data-category-id={id} label={label} />;
}

/** One calendar's categories, as a group named by the calendar. */
function CalendarCategories({ calendar, categories, ...filter }: FilterProps & { calendar: Calendar; categories: readonly Category[] }) {
  const styles = useStyles();
  const nameId = useId('category-filter-calendar');
  return (
    <div role="group" aria-labelledby={nameId} className={styles.group}>
      <Caption1Strong id={nameId}>{calendar.name}</Caption1Strong>
      <ul className={styles.list}>
        {categories.map((category) => (
          <li key={category.id}>
            <FilterCheckbox
              id={category.id}
              {...filter}
              label={
                <span className={styles.label}>
                  <CategoryIcon icon={category.icon} color={category.color} />
                  {category.name}
                </span>
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The category filter, in the side panel: each calendar's categories, and the events without one. None ticked shows
 * every event; ticking some shows only theirs. Shown only when some calendar has categories.
 */
export function CategoryFilterList({ calendars, filter }: { calendars: readonly Calendar[]; filter: CategoryFilterState }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const headingId = useId('category-filter-heading');
  const hintId = useId('category-filter-hint');
  const withCategories = calendars.filter((calendar) => (calendar.categories ?? []).length > 0);
  if (withCategories.length === 0) return null;
  return (
    <section className={styles.root} aria-labelledby={headingId} aria-describedby={hintId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {say(M.heading)}
      </Subtitle2>
      <Caption1 id={hintId}>{say(M.hint)}</Caption1>
      {withCategories.map((calendar) => (
        <CalendarCategories key={calendar.id} calendar={calendar} categories={calendar.categories} chosen={filter.chosen} setChosen={filter.setChosen} />
      ))}
      <FilterCheckbox id={UNCATEGORISED} chosen={filter.chosen} setChosen={filter.setChosen} label={say(M.uncategorised)} />
      {/* Kept in place while nothing is filtered, so focus stays on it once it has shown everything. */}
      <Button className={styles.showAll} appearance="subtle" size="small" disabledFocusable={filter.filter === null} onClick={filter.clear}>
        {say(M.showAll)}
      </Button>
    </section>
  );
}
