import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { normaliseVideoUrl } from '../../../../shared/video-url.ts';
import { RICH_FIELD_MESSAGES as M, VIDEO_PROVIDER_NAMES } from '../lib/rich-content-messages.ts';
import { videoFieldError } from '../lib/rich-fields.ts';
import { CheckedLinkField } from './checked-link-field.tsx';

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
export function EventVideoField({ sharePointOrigins, seriesWide, ...field }: EventVideoFieldProps) {
  const say = useIntl().formatMessage;
  const link = field.value.trim() === '' ? null : normaliseVideoUrl(field.value, sharePointOrigins);
  const errorOf = useCallback((value: string) => videoFieldError(value, sharePointOrigins), [sharePointOrigins]);
  const hint = seriesWide
    ? say(M.seriesWide)
    : link?.ok
      ? say(M.videoRecognised, { provider: VIDEO_PROVIDER_NAMES[link.provider], url: link.url })
      : say(sharePointOrigins.length > 0 ? M.videoHintWithStream : M.videoHint);
  return <CheckedLinkField {...field} name="video" label={say(M.video)} hint={hint} disabled={seriesWide} errorOf={errorOf} />;
}
