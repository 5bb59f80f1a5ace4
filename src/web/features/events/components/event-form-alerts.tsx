import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { EventFormConflict } from '../hooks/use-event-form-failure.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { EVENT_FORM_MESSAGES as M, FIELD_GROUP_MESSAGES } from '../lib/event-form-messages.ts';

const useStyles = makeStyles({
  // The form is a scrolling column that shrinks its items to fit; a message bar hides its overflow, so it would shrink
  // to one line with the rest of its text spilling out below it: it keeps the height its wrapped text needs.
  alert: { flexShrink: 0 },
});

/** Above the fields: what a conflict changed in the form, and the errors that belong to no one field. */
export function EventFormAlerts({ conflict, formErrors }: { conflict: EventFormConflict | null; formErrors: string[] }) {
  const intl = useIntl();
  const say = intl.formatMessage;
  const styles = useStyles();
  return (
    <>
      {conflict && (
        <MessageBar intent="warning" role="alert" layout="multiline" className={styles.alert}>
          <MessageBarBody>
            <MessageBarTitle>{say(EVENT_MESSAGES.changedHeading)}</MessageBarTitle>
            {conflict.takenFromLatest.length > 0
              ? say(M.conflictKeptTaken, { fields: intl.formatList(conflict.takenFromLatest.map((group) => say(FIELD_GROUP_MESSAGES[group]))) })
              : say(M.conflictKept)}
          </MessageBarBody>
        </MessageBar>
      )}
      {formErrors.length > 0 && (
        <MessageBar intent="error" role="alert" layout="multiline" className={styles.alert}>
          <MessageBarBody>{formErrors.join(' ')}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
