import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowImport20Regular, BinRecycle20Regular, CalendarArrowDown20Regular, CalendarSync20Regular, MoreHorizontal20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { icsExportTitle } from '../../../../shared/ics-file-name.ts';
import { UNCATEGORISED, type CategoryFilter } from '../../../lib/category-filter.ts';
import { ICS_DOWNLOAD_MESSAGES } from '../../../lib/ics-download-messages.ts';
import { useIcsDownload } from '../../../lib/use-ics-download.ts';
import { CALENDAR_ACTIONS_MESSAGES as M } from '../lib/calendar-actions-messages.ts';
import { IMPORT_ICS_MESSAGES } from '../lib/import-ics-messages.ts';

/** The filter's categories that are this calendar's (or "none"), in the calendar's order: what its export keeps. */
function filteredCategories(calendar: Calendar, filter: CategoryFilter): { id: string; name: string | null }[] {
  if (filter === null) return [];
  const own = (calendar.categories ?? []).filter((category) => filter.has(category.id)).map(({ id, name }) => ({ id, name }));
  return filter.has(UNCATEGORISED) ? [...own, { id: UNCATEGORISED, name: null }] : own;
}

interface CalendarActionsMenuProps {
  calendar: Calendar;
  categoryFilter: CategoryFilter;
  /** Opens the Calendar subscriptions dialog on this calendar. */
  onSubscribe(calendarId: string): void;
  /** Opens the calendar's deleted events (its editors). */
  onShowTrash(calendarId: string): void;
  /** Opens the import of an .ics file into the calendar (its editors): the shell's, so that it outlives the panel. */
  onImport(calendarId: string): void;
}

/**
 * A calendar's menu in the side panel: Export as an .ics file, of the categories the filter shows when it shows
 * some of this calendar's (the file then holds what the calendar shows); Import and Deleted events… for those who may
 * edit it; Subscribe…, the app's subscription links on this calendar.
 */
export function CalendarActionsMenu({ calendar, categoryFilter, onSubscribe, onShowTrash, onImport }: CalendarActionsMenuProps) {
  const intl = useIntl();
  const { download, pending } = useIcsDownload();
  const kept = filteredCategories(calendar, categoryFilter);
  const categories = kept.map(({ name }) => name ?? intl.formatMessage(M.uncategorised)).join(', ');
  const exportIcs = () => {
    const query = new URLSearchParams(kept.map(({ id }) => ['categoryId', id]));
    void download({
      path: `/calendars/${encodeURIComponent(calendar.id)}/calendar.ics`,
      query,
      title: icsExportTitle(calendar.name, kept.length > 0 ? categories : undefined),
    });
  };
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={<MoreHorizontal20Regular />}
          aria-label={intl.formatMessage(M.moreActions, { name: calendar.name })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<CalendarArrowDown20Regular />} disabled={pending} onClick={exportIcs}>
            {kept.length > 0 ? intl.formatMessage(M.exportFiltered, { categories }) : intl.formatMessage(ICS_DOWNLOAD_MESSAGES.exportCalendar)}
          </MenuItem>
          {calendar.canEdit && (
            <MenuItem icon={<ArrowImport20Regular />} onClick={() => onImport(calendar.id)}>
              {intl.formatMessage(IMPORT_ICS_MESSAGES.menuItem)}
            </MenuItem>
          )}
          {calendar.canEdit && (
            <MenuItem icon={<BinRecycle20Regular />} onClick={() => onShowTrash(calendar.id)}>
              {intl.formatMessage(M.deletedEvents)}
            </MenuItem>
          )}
          <MenuItem icon={<CalendarSync20Regular />} onClick={() => onSubscribe(calendar.id)}>
            {intl.formatMessage(M.subscribe)}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
