import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { CalendarAdd20Regular, CalendarCheckmark16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { OUTLOOK_CANNOT_REPEAT_TYPE } from '../../../../shared/outlook-copy.ts';
import { CONSENT_REQUIRED_TYPE } from '../../../../shared/problem.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useHost } from '../../../host/host-context.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useClientConfig } from '../../../lib/use-client-config.ts';
import { useOfflineStatus } from '../../../lib/use-offline-status.ts';
import { OUTLOOK_MESSAGES as M } from '../lib/outlook-messages.ts';
import { useAddToOutlook, useOutlookCopy } from '../requests/outlook-copy.ts';

const useStyles = makeStyles({
  action: { whiteSpace: 'nowrap' },
  note: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    '@media (forced-colors: active)': { color: 'CanvasText' },
  },
});

/** The action's state: whether it shows, the copy's state, adding, and the consent it still needs. */
function useOutlookAction(eventKey: EventKey) {
  const config = useClientConfig().data;
  const { host } = useHost();
  // The standalone site signs in with the OpenID Connect provider when one is configured: Graph takes no such token.
  const signedInElsewhere = host.kind === 'standalone' && config?.auth.mode === 'production' && config.auth.oidc !== undefined;
  // Offline, the app reads its own copy and changes nothing, in Outlook neither.
  const { offline } = useOfflineStatus();
  const enabled = config?.graph !== undefined && !signedInElsewhere && !offline;
  const copy = useOutlookCopy(eventKey, enabled);
  const add = useAddToOutlook(eventKey);
  const { requestConsent } = useAuth();
  const notify = useNotify();
  const intl = useIntl();
  const [consentScopes, setConsentScopes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState(false);

  // The copy's body says these in the adder's language: the server has no catalogues.
  const labels = { joinMeeting: intl.formatMessage(M.bodyJoinMeeting), openInApp: intl.formatMessage(M.bodyOpenInApp) };
  const run = () =>
    add.mutateAsync(labels).then(
      (added) => {
        setConsentScopes(null);
        notify.success(intl.formatMessage(added.created ? M.added : M.updated));
      },
      (error: unknown) => {
        const type = error instanceof ApiError ? error.problem.type : null;
        if (error instanceof ApiError && type === CONSENT_REQUIRED_TYPE) {
          setConsentScopes(error.problem.scopes ?? config?.graph?.outlookScopes ?? []);
          return;
        }
        notify.error(intl.formatMessage(M.failed), type === OUTLOOK_CANNOT_REPEAT_TYPE ? intl.formatMessage(M.cannotRepeat) : errorMessage(error, intl));
      },
    );
  // From the user's click (a popup), then the add again.
  const allow = requestConsent && consentScopes
    ? () => {
        setAsking(true);
        requestConsent(consentScopes)
          .then(run, (error: unknown) => notify.error(intl.formatMessage(M.accessNotAllowed), errorMessage(error, intl)))
          .finally(() => setAsking(false));
      }
    : null;
  return { enabled, inOutlook: copy.data?.inOutlook === true, pending: add.isPending || asking, needsConsent: consentScopes !== null, run, allow };
}

/**
 * "Add to my Outlook calendar" (a series as a whole), then "In your Outlook calendar" and "Update my Outlook copy".
 * Shown only while the API reaches Microsoft Graph; a consent still missing turns into "Allow access", which asks
 * for it in a popup and then adds.
 */
export function AddToOutlook({ eventKey }: { eventKey: EventKey }) {
  const { enabled, inOutlook, pending, needsConsent, run, allow } = useOutlookAction(eventKey);
  const say = useIntl().formatMessage;
  const styles = useStyles();
  if (!enabled) return null;
  if (needsConsent) {
    return (
      <>
        <span className={styles.note} role="status">
          {say(M.needsAccess)}
        </span>
        {/* In place of the button pressed: focus moves here rather than to the page. */}
        {allow && (
          <Button appearance="primary" className={styles.action} onClick={allow} disabledFocusable={pending} autoFocus>
            {say(M.allowAccess)}
          </Button>
        )}
      </>
    );
  }
  return (
    <>
      {inOutlook && (
        <span className={styles.note} role="status">
          <CalendarCheckmark16Regular aria-hidden />
          {say(M.inOutlook)}
        </span>
      )}
      <Button
        className={styles.action}
        icon={pending ? <Spinner size="tiny" /> : <CalendarAdd20Regular />}
        disabledFocusable={pending}
        onClick={() => void run()}
      >
        {say(pending ? M.adding : inOutlook ? M.update : M.add)}
      </Button>
    </>
  );
}
