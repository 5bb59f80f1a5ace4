import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { normaliseVideoUrl } from '../../../../shared/video-url.ts';
import { formatFormMessage } from '../lib/event-form-messages.ts';
import { RICH_FIELD_MESSAGES as M, VIDEO_PROVIDER_NAMES } from '../lib/rich-content-messages.ts';
import { videoFieldError } from '../lib/rich-fields.ts';

interface EventVideoFieldProps {
  value: string;
  onChange(value: string): void;
  /** The SharePoint sites whose Stream videos may be embedded. */
  sharePointOrigins: readonly string[];
  /** An occurrence's: the series' video, not changed here. */
  seriesWide: boolean;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/**
 * The event's video: a YouTube, Vimeo or Stream link in any of its usual shapes. The hint says the embed link it will
 * be shown from; once the user leaves the field, a link no provider's says what is allowed.
 */
export function EventVideoField({ value, onChange, sharePointOrigins, seriesWide, validationState, validationMessage }: EventVideoFieldProps) {
  const intl = useIntl();
  const say = intl.formatMessage;
  const [left, setLeft] = useState(false);
  const link = value.trim() === '' ? null : normaliseVideoUrl(value, sharePointOrigins);
  const ownError = left ? videoFieldError(value, sharePointOrigins) : null;
  const message = validationMessage ?? (ownError ? formatFormMessage(intl, ownError) : undefined);
  const hint = seriesWide
    ? say(M.seriesWide)
    : link?.ok
      ? say(M.videoRecognised, { provider: VIDEO_PROVIDER_NAMES[link.provider], url: link.url })
      : say(sharePointOrigins.length > 0 ? M.videoHintWithStream : M.videoHint);
  return (
    <Field label={say(M.video)} hint={hint} validationState={message ? 'error' : validationState} validationMessage={message}>
      <Input
        name="video"
        inputMode="url"
        value={value}
        disabled={seriesWide}
        onChange={(_, data) => {
          setLeft(false);
          onChange(data.value);
        }}
        onBlur={() => setLeft(true)}
      />
    </Field>
  );
}
