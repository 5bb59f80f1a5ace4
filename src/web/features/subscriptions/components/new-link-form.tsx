import { Button, Dropdown, Field, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Link20Regular } from '@fluentui/react-icons';
import { useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CreateSubscriptionInput } from '../requests/create-subscription.ts';
import { SUBSCRIPTIONS_MESSAGES as M } from '../lib/subscriptions-messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  field: { flexGrow: 1, flexBasis: '180px', minWidth: 0 },
  dropdown: { minWidth: 0, width: '100%' },
});

interface NewLinkFormProps {
  calendars: readonly Calendar[];
  /** The calendar chosen at first: the one the dialog was opened for, else the first. */
  initialCalendarId: string | undefined;
  creating: boolean;
  /** False at the per-person limit: the button stays focusable and says nothing happens. */
  canCreate: boolean;
  createButton: RefObject<HTMLButtonElement | null>;
  onCreate(input: CreateSubscriptionInput): void;
}

/** Which calendar, and which of its categories (or all), a new link shows; then Create link. */
export function NewLinkForm({ calendars, initialCalendarId, creating, canCreate, createButton, onCreate }: NewLinkFormProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const [chosenId, setCalendarId] = useState(initialCalendarId);
  const [categoryId, setCategoryId] = useState('');
  // The first calendar until one is chosen (or should the chosen one go).
  const calendar = calendars.find((one) => one.id === chosenId) ?? calendars[0];
  const calendarId = calendar?.id ?? '';
  const categories = calendar?.categories ?? [];
  const category = categories.find((one) => one.id === categoryId);
  const chooseCalendar = (id: string) => {
    setCalendarId(id);
    setCategoryId('');
  };
  return (
    <div className={styles.root}>
      <Field label={say(M.calendar)} className={styles.field}>
        <Dropdown className={styles.dropdown} value={calendar?.name ?? ''} selectedOptions={[calendarId]} onOptionSelect={(_, data) => chooseCalendar(data.optionValue ?? '')}>
          {calendars.map((one) => (
            <Option key={one.id} value={one.id}>
              {one.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={say(M.category)} className={styles.field}>
        <Dropdown
          className={styles.dropdown}
          disabled={categories.length === 0}
          value={category?.name ?? say(M.allCategories)}
          selectedOptions={[categoryId]}
          onOptionSelect={(_, data) => setCategoryId(data.optionValue ?? '')}
        >
          <Option value="">{say(M.allCategories)}</Option>
          {categories.map((one) => (
            <Option key={one.id} value={one.id}>
              {one.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Button
        ref={createButton}
        appearance="primary"
        icon={creating ? <Spinner size="tiny" /> : <Link20Regular />}
        disabledFocusable={creating || !canCreate || calendar === undefined}
        onClick={() => onCreate({ calendarId, categoryId: categoryId || null })}
      >
        {say(creating ? M.creating : M.create)}
      </Button>
    </div>
  );
}
