import { useIntl } from 'react-intl';
import { useHost } from '../../../host/host-context.tsx';
import { characterCount, TEXT_FIELD_LIMITS } from '../lib/character-count.ts';
import { descriptionText } from '../../../../shared/rich-text.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import { DescriptionEditor } from './description-editor.tsx';
import { EventMeetingField } from './event-meeting-field.tsx';
import { EventVideoField } from './event-video-field.tsx';
import type { EventWhenFieldsProps } from './event-when-fields.tsx';

type EventRichFieldsProps = Pick<EventWhenFieldsProps, 'values' | 'set' | 'fieldProps' | 'occurrence'>;

/** The event's content beyond its text fields: the formatted description, its video and its Teams meeting. */
export function EventRichFields({ values, set, fieldProps, occurrence }: EventRichFieldsProps) {
  const say = useIntl().formatMessage;
  const { clientConfig } = useHost();
  // Counted as the visible text, which the limit is on; read out politely, between keystrokes.
  const shown = characterCount(descriptionText(values.description), TEXT_FIELD_LIMITS.description);
  const counter = shown ? { children: say(M.characterCount, shown), 'aria-live': 'polite' as const } : undefined;
  return (
    <>
      <DescriptionEditor value={values.description} onChange={(html) => set('description', html)} hint={counter} {...fieldProps('description')} />
      <EventVideoField
        value={values.video}
        onChange={(video) => set('video', video)}
        // A config kept offline by an earlier build has none.
        sharePointOrigins={clientConfig.sharePointOrigins ?? []}
        seriesWide={occurrence}
        {...fieldProps('video')}
      />
      <EventMeetingField value={values.onlineMeetingUrl} onChange={(url) => set('onlineMeetingUrl', url)} seriesWide={occurrence} {...fieldProps('onlineMeetingUrl')} />
    </>
  );
}
