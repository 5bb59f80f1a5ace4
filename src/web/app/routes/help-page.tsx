import { Body1, Subtitle2 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { TextPage } from '../../components/text-page.tsx';
import { useHost } from '../../host/host-context.tsx';
import { HELP_MESSAGES } from './help-messages.ts';

/** How the calendar works, from the header's More options; below HostGate, so that a tab's host hears it is loaded. */
export function HelpPage() {
  const intl = useIntl();
  const { notifyReady } = useHost();
  useEffect(notifyReady, [notifyReady]);
  const say = (message: MessageDescriptor) => intl.formatMessage(message);
  return (
    // Back to the calendar as it was opened: a tab's calendars and a chosen language are in the query.
    <TextPage title={say(HELP_MESSAGES.title)} homeHref={`/${window.location.search}`}>
      <Body1>{say(HELP_MESSAGES.intro)}</Body1>
      <Subtitle2 as="h2">{say(HELP_MESSAGES.calendarsHeading)}</Subtitle2>
      <Body1>{say(HELP_MESSAGES.calendarsBody)}</Body1>
      <Subtitle2 as="h2">{say(HELP_MESSAGES.rolesHeading)}</Subtitle2>
      <ul>
        <li>
          <Body1>{say(HELP_MESSAGES.roleReader)}</Body1>
        </li>
        <li>
          <Body1>{say(HELP_MESSAGES.roleEditor)}</Body1>
        </li>
        <li>
          <Body1>{say(HELP_MESSAGES.roleAdmin)}</Body1>
        </li>
      </ul>
      <Subtitle2 as="h2">{say(HELP_MESSAGES.sharingHeading)}</Subtitle2>
      <Body1>{say(HELP_MESSAGES.sharingBody)}</Body1>
      <Subtitle2 as="h2">{say(HELP_MESSAGES.shortcutsHeading)}</Subtitle2>
      <Body1>{say(HELP_MESSAGES.shortcutsBody)}</Body1>
      <Body1>{say(HELP_MESSAGES.moreHelp)}</Body1>
    </TextPage>
  );
}
