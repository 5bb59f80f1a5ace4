import { Body1 } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { TextPage } from '../../components/text-page.tsx';
import { LEGAL_MESSAGES } from './legal-messages.ts';

/** The terms of use the Teams app manifest links to. */
export function TermsPage() {
  const intl = useIntl();
  return (
    <TextPage title={intl.formatMessage(LEGAL_MESSAGES.termsTitle)}>
      <Body1>{intl.formatMessage(LEGAL_MESSAGES.termsUse)}</Body1>
      <Body1>{intl.formatMessage(LEGAL_MESSAGES.termsVisibility)}</Body1>
      <Body1>{intl.formatMessage(LEGAL_MESSAGES.termsSupport)}</Body1>
    </TextPage>
  );
}
