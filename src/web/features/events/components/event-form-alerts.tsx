import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { EventFormConflict } from '../hooks/use-event-form-failure.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { EVENT_FORM_MESSAGES as M, FIELD_GROUP_MESSAGES } from '../lib/event-form-messages.ts';

/** Above the fields: what a conflict changed in the form, and the errors that belong to no one field. */
export function EventFormAlerts({ conflict, formErrors }: { conflict: EventFormConflict | null; formErrors: string[] }) {
  const intl = useIntl();
  const say = intl.formatMessage;
  return (
    <>
      {conflict && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{say(EVENT_MESSAGES.changedHeading)}</MessageBarTitle>
            {conflict.takenFromLatest.length > 0
              ? say(M.conflictKeptTaken, { fields: intl.formatList(conflict.takenFromLatest.map((group) => say(FIELD_GROUP_MESSAGES[group]))) })
              : say(M.conflictKept)}
          </MessageBarBody>
        </MessageBar>
      )}
      {formErrors.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{formErrors.join(' ')}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
