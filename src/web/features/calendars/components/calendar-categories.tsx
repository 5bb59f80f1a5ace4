import { Body1, Button, Caption1, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowLeft20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { Category } from '../../../../shared/category-schema.ts';
import { CATEGORIES_PER_CALENDAR_MAX } from '../../../../shared/limits.ts';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { useManageCategories } from '../hooks/use-manage-categories.ts';
import { MANAGE_CATEGORIES_MESSAGES as MESSAGES } from '../lib/categories-messages.ts';
import { CategoryEditor } from './category-editor.tsx';
import { DeleteCategoryButton } from './delete-category-button.tsx';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { fontSize: '20px' },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

interface CategoryListProps {
  categories: readonly Category[];
  onEdit(category: Category): void;
  onConflict(): void;
  onDeleted(): void;
}

/** A calendar's categories, each with its icon, colour and name, and its edit and delete buttons. */
function CategoryList({ categories, onEdit, onConflict, onDeleted }: CategoryListProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  if (categories.length === 0) return <Body1>{say(MESSAGES.none)}</Body1>;
  return (
    <ul className={styles.list}>
      {categories.map((category) => (
        <li key={category.id} className={styles.item} data-category-id={category.id}>
          <CategoryIcon icon={category.icon} className={styles.icon} />
          <ColorSwatch color={category.color} />
          <Text className={styles.name}>{category.name}</Text>
          <Button appearance="subtle" icon={<Edit20Regular />} aria-label={say(MESSAGES.editCategory, { name: category.name })} onClick={() => onEdit(category)} />
          <DeleteCategoryButton category={category} onConflict={onConflict} onDeleted={onDeleted} />
        </li>
      ))}
    </ul>
  );
}

/** Focus on the element once the editor closes: the button that opened it is gone or elsewhere. */
function useFocusAfterEditing(editing: boolean, target: { current: HTMLElement | null }) {
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) target.current?.focus();
    wasEditing.current = editing;
  }, [editing, target]);
}

/** One calendar's categories, in the Manage calendars dialog: listed, created, edited and deleted in place. */
export function CalendarCategories({ calendar, onBack }: { calendar: Calendar; onBack(): void }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const manage = useManageCategories(calendar);
  const newCategoryButton = useRef<HTMLButtonElement>(null);
  useFocusAfterEditing(manage.editing !== null, newCategoryButton);
  const categories = calendar.categories ?? [];
  const full = categories.length >= CATEGORIES_PER_CALENDAR_MAX;
  const conflict = manage.conflict && (
    <MessageBar intent="warning" role="alert">
      <MessageBarBody>{manage.conflict}</MessageBarBody>
    </MessageBar>
  );
  if (manage.editing !== null) {
    const category = manage.editing.mode === 'edit' ? manage.editing.category : null;
    return (
      <>
        {conflict}
        <CategoryEditor key={`${category?.id ?? 'new'}:${manage.editorRevision}`} calendar={calendar} category={category} saving={manage.saving} onSave={manage.save} onCancel={manage.cancel} />
      </>
    );
  }
  return (
    <>
      {conflict}
      <CategoryList
        categories={categories}
        onEdit={(category) => manage.startEditing({ mode: 'edit', category })}
        onConflict={manage.showConflict}
        onDeleted={() => newCategoryButton.current?.focus()}
      />
      {full && <Caption1>{say(MESSAGES.limitReached, { max: CATEGORIES_PER_CALENDAR_MAX })}</Caption1>}
      <div className={styles.actions}>
        <Button ref={newCategoryButton} appearance="primary" icon={<Add20Regular />} disabledFocusable={full} onClick={() => manage.startEditing({ mode: 'create' })}>
          {say(MESSAGES.newCategory)}
        </Button>
        <Button icon={<ArrowLeft20Regular />} onClick={onBack}>
          {say(MESSAGES.back)}
        </Button>
      </div>
    </>
  );
}
