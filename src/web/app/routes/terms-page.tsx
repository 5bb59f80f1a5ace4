import { Body1 } from '@fluentui/react-components';
import { TextPage } from '../../components/text-page.tsx';

/** The terms of use the Teams app manifest links to. */
export function TermsPage() {
  return (
    <TextPage title="Terms of use">
      <Body1>
        Company Calendar is provided by your organisation for its work. Use it as your organisation’s policies on its
        systems and information say.
      </Body1>
      <Body1>
        Events you add can be seen by everyone in your organisation who can read that calendar: add nothing they should not
        see. People with edit rights can change and delete events.
      </Body1>
      <Body1>Your organisation’s IT department looks after Company Calendar and answers questions about it.</Body1>
    </TextPage>
  );
}
