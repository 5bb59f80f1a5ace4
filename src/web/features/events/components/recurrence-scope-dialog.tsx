import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { RecurrenceAction, RecurrenceScope, RecurrenceScopeDialogState } from '../hooks/use-recurrence-scope.ts';
import { SCOPE_MESSAGES } from '../lib/recurrence-messages.ts';

const SCOPES: readonly RecurrenceScope[] = ['this', 'following', 'all'];
const TITLES = { edit: SCOPE_MESSAGES.editTitle, move: SCOPE_MESSAGES.moveTitle, delete: SCOPE_MESSAGES.deleteTitle } satisfies Record<RecurrenceAction, unknown>;
const QUESTIONS = {
  edit: SCOPE_MESSAGES.editQuestion,
  move: SCOPE_MESSAGES.moveQuestion,
  delete: SCOPE_MESSAGES.deleteQuestion,
} satisfies Record<RecurrenceAction, unknown>;

/** "This event / This and following events / All events" for an occurrence of a series; Esc and Cancel answer null. */
export function RecurrenceScopeDialog({ open, action, onResolve }: RecurrenceScopeDialogState) {
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onResolve(null)}>
      <DialogSurface>
        {/* The surface unmounts once closed, so each question starts at "This event". */}
        <ScopeForm action={action} onResolve={onResolve} />
      </DialogSurface>
    </Dialog>
  );
}

function ScopeForm({ action, onResolve }: Pick<RecurrenceScopeDialogState, 'action' | 'onResolve'>) {
  const [scope, setScope] = useState<RecurrenceScope>('this');
  const questionId = useId();
  const intl = useIntl();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onResolve(scope);
  };
  return (
    <form onSubmit={submit}>
      <DialogBody>
        <DialogTitle>{intl.formatMessage(TITLES[action])}</DialogTitle>
        <DialogContent>
          <p id={questionId}>{intl.formatMessage(QUESTIONS[action])}</p>
          <RadioGroup
            aria-labelledby={questionId}
            value={scope}
            onChange={(_, data) => setScope(SCOPES.find((candidate) => candidate === data.value) ?? 'this')}
          >
            {SCOPES.map((candidate) => (
              <Radio key={candidate} value={candidate} label={intl.formatMessage(SCOPE_MESSAGES[candidate])} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button type="submit" appearance="primary">
            {intl.formatMessage(SCOPE_MESSAGES.ok)}
          </Button>
          <Button onClick={() => onResolve(null)}>{intl.formatMessage(SCOPE_MESSAGES.cancel)}</Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
