import { Body1, Subtitle2 } from '@fluentui/react-components';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { TextPage } from '../../components/text-page.tsx';
import { LEGAL_MESSAGES } from './legal-messages.ts';

/** The privacy statement the Teams app manifest links to. */
export function PrivacyPage() {
  const intl = useIntl();
  const say = (message: MessageDescriptor) => intl.formatMessage(message);
  return (
    <TextPage title={say(LEGAL_MESSAGES.privacyTitle)}>
      <Body1>{say(LEGAL_MESSAGES.privacyIntro)}</Body1>
      <Subtitle2 as="h2">{say(LEGAL_MESSAGES.keptHeading)}</Subtitle2>
      <Body1>{say(LEGAL_MESSAGES.keptBody)}</Body1>
      <Subtitle2 as="h2">{say(LEGAL_MESSAGES.signInHeading)}</Subtitle2>
      <Body1>{say(LEGAL_MESSAGES.signInBody)}</Body1>
      <Subtitle2 as="h2">{say(LEGAL_MESSAGES.questionsHeading)}</Subtitle2>
      <Body1>{say(LEGAL_MESSAGES.questionsBody)}</Body1>
    </TextPage>
  );
}
