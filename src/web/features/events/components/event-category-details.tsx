import { makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { EVENT_CATEGORY_MESSAGES as M } from '../lib/event-category-messages.ts';

const useStyles = makeStyles({
  category: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface EventCategoryRowsProps {
  calendar: Calendar | undefined;
  categoryId: string | undefined;
  /** The details list's term and value classes, for the rows to match the others. */
  termClass: string;
  valueClass: string;
}

/** The event's category, term and value, in its details: its icon and name. Nothing when it has none. */
export function EventCategoryRows({ calendar, categoryId, termClass, valueClass }: EventCategoryRowsProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const category = categoryId ? calendar?.categories?.find((candidate) => candidate.id === categoryId) : undefined;
  if (!category) return null;
  return (
    <>
      <dt className={termClass}>{say(M.category)}</dt>
      <dd className={valueClass} data-category-id={category.id}>
        <span className={styles.category}>
          <CategoryIcon icon={category.icon} color={category.color} />
          {category.name}
        </span>
      </dd>
    </>
  );
}
