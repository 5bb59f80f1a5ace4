import { defineMessage, defineMessages } from 'react-intl';

/** The description editor's toolbar and link box. */
export const DESCRIPTION_EDITOR_MESSAGES = defineMessages({
  toolbar: { id: 'descriptionEditor.toolbar', defaultMessage: 'Formatting' },
  bold: { id: 'descriptionEditor.bold', defaultMessage: 'Bold' },
  italic: { id: 'descriptionEditor.italic', defaultMessage: 'Italic' },
  underline: { id: 'descriptionEditor.underline', defaultMessage: 'Underline' },
  heading: { id: 'descriptionEditor.heading', defaultMessage: 'Heading' },
  subheading: { id: 'descriptionEditor.subheading', defaultMessage: 'Subheading' },
  bulletList: { id: 'descriptionEditor.bulletList', defaultMessage: 'Bulleted list' },
  numberedList: { id: 'descriptionEditor.numberedList', defaultMessage: 'Numbered list' },
  quote: { id: 'descriptionEditor.quote', defaultMessage: 'Quote' },
  link: { id: 'descriptionEditor.link', defaultMessage: 'Link' },
  linkAddress: { id: 'descriptionEditor.linkAddress', defaultMessage: 'Link address' },
  linkAddressHint: { id: 'descriptionEditor.linkAddressHint', defaultMessage: 'A web address, or mailto: or tel:' },
  linkInvalid: { id: 'descriptionEditor.linkInvalid', defaultMessage: 'Use an http://, https://, mailto: or tel: address' },
  applyLink: { id: 'descriptionEditor.applyLink', defaultMessage: 'Apply' },
  removeLink: { id: 'descriptionEditor.removeLink', defaultMessage: 'Remove link' },
});

/** The event form's video and online meeting fields. */
export const RICH_FIELD_MESSAGES = defineMessages({
  video: { id: 'eventForm.video', defaultMessage: 'Video' },
  videoHint: { id: 'eventForm.videoHint', defaultMessage: 'A YouTube or Vimeo link' },
  videoHintWithStream: { id: 'eventForm.videoHintWithStream', defaultMessage: 'A YouTube or Vimeo link, or a Stream video’s embed link' },
  videoRecognised: defineMessage<{ provider: string; url: string }>({ id: 'eventForm.videoRecognised', defaultMessage: '{provider} video, shown from {url}' }),
  videoInvalid: { id: 'eventForm.videoInvalid', defaultMessage: 'Use a YouTube or Vimeo video link' },
  videoInvalidWithStream: defineMessage<{ sites: string }>({
    id: 'eventForm.videoInvalidWithStream',
    defaultMessage: 'Use a YouTube or Vimeo video link, or a Stream video’s embed link on {sites}',
  }),
  videoTooLong: defineMessage<{ max: number }>({ id: 'eventForm.videoTooLong', defaultMessage: 'A video link has at most {max, number} characters' }),
  meeting: { id: 'eventForm.meeting', defaultMessage: 'Teams meeting' },
  meetingHint: { id: 'eventForm.meetingHint', defaultMessage: 'The meeting’s join link, from its invitation' },
  meetingInvalid: { id: 'eventForm.meetingInvalid', defaultMessage: 'Use a Teams meeting link (https://teams.microsoft.com/l/meetup-join/… or https://teams.microsoft.com/meet/…)' },
  meetingTooLong: defineMessage<{ max: number }>({ id: 'eventForm.meetingTooLong', defaultMessage: 'A meeting link has at most {max, number} characters' }),
  seriesWide: { id: 'eventForm.seriesWide', defaultMessage: 'Shared by every event of the series: edit all events to change it' },
  descriptionFormattingTooLong: defineMessage<{ max: number }>({
    id: 'eventForm.descriptionFormattingTooLong',
    defaultMessage: 'The description holds too much formatting: at most {max, number} characters with its markup',
  }),
});

/** The video in an event's details. */
export const VIDEO_MESSAGES = defineMessages({
  video: { id: 'eventDetails.video', defaultMessage: 'Video' },
  meeting: { id: 'eventDetails.meeting', defaultMessage: 'Online meeting' },
  playFrom: defineMessage<{ provider: string }>({ id: 'eventVideo.playFrom', defaultMessage: 'Play from {provider}' }),
  notLoaded: { id: 'eventVideo.notLoaded', defaultMessage: 'Nothing is loaded from the video site until you press play.' },
  frameTitle: defineMessage<{ title: string; provider: string }>({ id: 'eventVideo.frameTitle', defaultMessage: 'Video: {title} ({provider})' }),
});

/** Provider names: brand names, the same in every language. */
export const VIDEO_PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo', stream: 'Microsoft Stream' } as const;
