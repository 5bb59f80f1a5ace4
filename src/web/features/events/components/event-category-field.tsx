import { Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Category } from '../../../../shared/category-schema.ts';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { EVENT_CATEGORY_MESSAGES as M } from '../lib/event-category-messages.ts';

const useStyles = makeStyles({
  option: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface EventCategoryFieldProps {
  value: string;
  onChange(categoryId: string): void;
  /** The chosen calendar's categories. */
  categories: readonly Category[];
  /** An occurrence shares its series' category: it is changed for all events. */
  occurrence: boolean;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/** The event's category, one of its calendar's, or none; only where the calendar has categories. */
export function EventCategoryField({ value, onChange, categories, occurrence, ...validation }: EventCategoryFieldProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  if (categories.length === 0) return null;
  const chosen = categories.find((category) => category.id === value);
  return (
    <Field label={say(M.category)} hint={occurrence ? say(M.occurrenceHint) : undefined} {...validation}>
      <Dropdown
        name="categoryId"
        disabled={occurrence}
        value={chosen?.name ?? say(M.none)}
        selectedOptions={[chosen ? chosen.id : '']}
        onOptionSelect={(_, data) => onChange(data.optionValue ?? '')}
      >
        <Option value="" text={say(M.none)}>
          {say(M.none)}
        </Option>
        {categories.map((category) => (
          <Option key={category.id} value={category.id} text={category.name}>
            <span className={styles.option}>
              <CategoryIcon icon={category.icon} color={category.color} />
              {category.name}
            </span>
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
