import { Spinner } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Category } from '../../../../shared/category-schema.ts';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { MANAGE_CATEGORIES_MESSAGES as MESSAGES } from '../lib/categories-messages.ts';
import { useCategoryUsage } from '../requests/get-category-usage.ts';
import { useDeleteCategory } from '../requests/delete-category.ts';

/** How many events use the category, asked as the confirmation opens: they keep everything but the category. */
function CategoryUsageWarning({ category }: { category: Category }) {
  const say = useIntl().formatMessage;
  const usage = useCategoryUsage(category.calendarId, category.id, true);
  if (usage.isPending) return <Spinner size="tiny" labelPosition="after" label={say(MESSAGES.countingEvents)} />;
  return <span role="status">{usage.isError ? say(MESSAGES.usageUnknown) : say(MESSAGES.deleteWarning, { count: usage.data.events })}</span>;
}

interface DeleteCategoryButtonProps {
  category: Category;
  /** Someone else changed or deleted it meanwhile: the dialog shows the latest categories and says so. */
  onConflict(): void;
  onDeleted(): void;
}

/** Deletes a category once confirmed, the confirmation saying how many events lose it. */
export function DeleteCategoryButton({ category, onConflict, onDeleted }: DeleteCategoryButtonProps) {
  const intl = useIntl();
  const notify = useNotify();
  const deleteCategory = useDeleteCategory();
  const confirm = () =>
    deleteCategory.mutateAsync({ calendarId: category.calendarId, categoryId: category.id, version: category.version }).then(
      () => {
        notify.success(intl.formatMessage(MESSAGES.deleted, { name: category.name }));
        onDeleted();
      },
      (error: unknown) => {
        if (isApiStatus(error, 412) || isApiStatus(error, 404)) onConflict();
        else notify.error(intl.formatMessage(MESSAGES.deleteFailed), errorMessage(error, intl));
      },
    );
  return (
    <ConfirmDeleteButton
      trigger={{ appearance: 'subtle', 'aria-label': intl.formatMessage(MESSAGES.deleteCategory, { name: category.name }) }}
      title={intl.formatMessage(MESSAGES.deleteTitle, { name: category.name })}
      warning={<CategoryUsageWarning category={category} />}
      confirmLabel={intl.formatMessage(MESSAGES.deleteConfirm)}
      deleting={deleteCategory.isPending}
      onConfirm={confirm}
    />
  );
}
