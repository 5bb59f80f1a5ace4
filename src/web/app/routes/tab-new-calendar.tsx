import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarInput } from '../../../shared/calendar-schema.ts';
import { useNotify } from '../../components/notifications.tsx';
import { CalendarEditor } from '../../features/calendars/components/calendar-editor.tsx';
import { calendarFieldErrors, type CalendarFormErrors } from '../../features/calendars/lib/calendar-form-values.ts';
import { MANAGE_CALENDARS_MESSAGES } from '../../features/calendars/lib/manage-calendars-messages.ts';
import { useCreateCalendar } from '../../features/calendars/requests/create-calendar.ts';
import { errorMessage } from '../../lib/error-message.ts';

const useStyles = makeStyles({
  heading: { margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  newCalendar: { alignSelf: 'flex-start' },
});

/** An admin's New calendar button on the configuration page, opening the editor in place; the tab shows what it creates. */
export function TabNewCalendar({ onCreated }: { onCreated(calendarId: string): void }) {
  const styles = useStyles();
  const intl = useIntl();
  const notify = useNotify();
  const createCalendar = useCreateCalendar();
  const [creating, setCreating] = useState(false);

  const create = async (input: CalendarInput): Promise<CalendarFormErrors | null> => {
    try {
      const calendar = await createCalendar.mutateAsync(input);
      onCreated(calendar.id);
      setCreating(false);
      notify.success(intl.formatMessage(MANAGE_CALENDARS_MESSAGES.createdNamed, { name: calendar.name }));
      return null;
    } catch (error) {
      const fieldErrors = calendarFieldErrors(error);
      if (!fieldErrors) notify.error(intl.formatMessage(MANAGE_CALENDARS_MESSAGES.createFailed), errorMessage(error, intl));
      return fieldErrors;
    }
  };

  return creating ? (
    <section className={styles.section} aria-label={intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar)}>
      <Subtitle2 as="h2" className={styles.heading}>
        {intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar)}
      </Subtitle2>
      <CalendarEditor calendar={null} saving={createCalendar.isPending} onSave={create} onCancel={() => setCreating(false)} />
    </section>
  ) : (
    <Button className={styles.newCalendar} icon={<Add20Regular />} onClick={() => setCreating(true)}>
      {intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar)}
    </Button>
  );
}
