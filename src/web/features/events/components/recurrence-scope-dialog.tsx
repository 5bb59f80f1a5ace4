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
import type { RecurrenceScope, RecurrenceScopeDialogState } from '../hooks/use-recurrence-scope.ts';
import { SCOPE_MESSAGES } from '../lib/recurrence-messages.ts';

const SCOPES: readonly RecurrenceScope[] = ['this', 'following', 'all'];

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onResolve(scope);
  };
  return (
    <form onSubmit={submit}>
      <DialogBody>
        <DialogTitle>{SCOPE_MESSAGES.titles[action]}</DialogTitle>
        <DialogContent>
          <p id={questionId}>{SCOPE_MESSAGES.questions[action]}</p>
          <RadioGroup
            aria-labelledby={questionId}
            value={scope}
            onChange={(_, data) => setScope(SCOPES.find((candidate) => candidate === data.value) ?? 'this')}
          >
            {SCOPES.map((candidate) => (
              <Radio key={candidate} value={candidate} label={SCOPE_MESSAGES.scopes[candidate]} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button type="submit" appearance="primary">
            {SCOPE_MESSAGES.ok}
          </Button>
          <Button onClick={() => onResolve(null)}>{SCOPE_MESSAGES.cancel}</Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
