import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { Category, CategoryInput } from '../../../../shared/category-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { MANAGE_CATEGORIES_MESSAGES as MESSAGES } from '../lib/categories-messages.ts';
import { categoryFieldErrors, type CategoryFormErrors } from '../lib/category-form-values.ts';
import { useCreateCategory } from '../requests/create-category.ts';
import { useCalendars } from '../requests/get-calendars.ts';
import { useUpdateCategory } from '../requests/update-category.ts';

export type EditingCategory = { mode: 'create' } | { mode: 'edit'; category: Category } | null;

/** A category of a calendar as the latest calendars hold it; undefined once it is gone. */
function latestCategory(calendars: readonly Calendar[] | undefined, calendarId: string, categoryId: string): Category | undefined {
  return calendars?.find((calendar) => calendar.id === calendarId)?.categories?.find((category) => category.id === categoryId);
}

/** A calendar's categories being managed: the one being created or edited, and a conflict to warn of. */
export function useManageCategories(calendar: Calendar) {
  const intl = useIntl();
  const notify = useNotify();
  const calendars = useCalendars();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const [editing, setEditing] = useState<EditingCategory>(null);
  // Bumped to remount the editor with the latest version after a conflict.
  const [editorRevision, setEditorRevision] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);

  /** Someone else changed or deleted the category meanwhile: its latest version is shown, or the list if it is gone. */
  const showLatest = async (categoryId: string) => {
    const latest = latestCategory((await calendars.refetch()).data, calendar.id, categoryId);
    setConflict(intl.formatMessage(latest ? MESSAGES.conflict : MESSAGES.gone));
    setEditing(latest ? { mode: 'edit', category: latest } : null);
    setEditorRevision((revision) => revision + 1);
  };

  const save = async (input: CategoryInput): Promise<CategoryFormErrors | null> => {
    if (editing === null) return null;
    try {
      const saved =
        editing.mode === 'create'
          ? await createCategory.mutateAsync({ calendarId: calendar.id, input })
          : await updateCategory.mutateAsync({ calendarId: calendar.id, categoryId: editing.category.id, version: editing.category.version, patch: input });
      notify.success(intl.formatMessage(editing.mode === 'create' ? MESSAGES.created : MESSAGES.saved, { name: saved.name }));
      setConflict(null);
      setEditing(null);
      return null;
    } catch (error) {
      const fieldErrors = categoryFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      if (editing.mode === 'edit' && (isApiStatus(error, 412) || isApiStatus(error, 404))) await showLatest(editing.category.id);
      else notify.error(intl.formatMessage(MESSAGES.saveFailed), errorMessage(error, intl));
      return null;
    }
  };

  const cancel = () => {
    setConflict(null);
    setEditing(null);
  };

  return {
    editing,
    editorRevision,
    conflict,
    saving: createCategory.isPending || updateCategory.isPending,
    startEditing: (next: EditingCategory) => {
      setConflict(null);
      setEditing(next);
    },
    showConflict: () => setConflict(intl.formatMessage(MESSAGES.conflict)),
    save,
    cancel,
  };
}
