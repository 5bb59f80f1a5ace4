import { Body1, Subtitle2 } from '@fluentui/react-components';
import { TextPage } from '../../components/text-page.tsx';

/** The privacy statement the Teams app manifest links to. */
export function PrivacyPage() {
  return (
    <TextPage title="Privacy">
      <Body1>
        Company Calendar is run by your organisation. It keeps your organisation’s calendars and their events, and nothing
        about you beyond what those need.
      </Body1>
      <Subtitle2 as="h2">What it keeps</Subtitle2>
      <Body1>
        Your name and your account’s id, next to the events and calendars you create or change, so that others can see who
        did. The calendars you hide and the time zone you choose stay in your browser.
      </Body1>
      <Subtitle2 as="h2">How you sign in</Subtitle2>
      <Body1>
        With your organisation’s account (Microsoft 365 or your organisation’s sign-in). Company Calendar never sees your
        password; the sign-in it receives lasts a short while and stays in your browser.
      </Body1>
      <Subtitle2 as="h2">Questions</Subtitle2>
      <Body1>Your organisation’s IT department answers them, and can tell you where the data is held and for how long.</Body1>
    </TextPage>
  );
}
