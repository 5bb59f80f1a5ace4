import { describe, expect, it } from 'vitest';
import { EVENT_DESCRIPTION_HTML_MAX, EVENT_DESCRIPTION_MAX } from '../../src/shared/limits.ts';
import { plainTextToHtml } from '../../src/shared/rich-text.ts';
import { isJoinOpen, JOIN_SOON_MINUTES, joinWindow } from '../../src/web/features/calendar/lib/join-soon.ts';
import { descriptionText } from '../../src/shared/rich-text.ts';
import { EVENT_FORM_ERROR_MESSAGES as E } from '../../src/web/features/events/lib/event-form-messages.ts';
import { newEventValues, validateEventForm } from '../../src/web/features/events/lib/event-form-values.ts';
import { linkAddress } from '../../src/web/features/events/lib/link-address.ts';
import { RICH_FIELD_MESSAGES as R } from '../../src/web/features/events/lib/rich-content-messages.ts';
import { meetingFieldError, videoFieldError } from '../../src/web/features/events/lib/rich-fields.ts';

const MEETING = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%7d';

describe('a description’s visible text', () => {
  it('is its text, blocks and breaks as newlines, character references read', () => {
    expect(descriptionText('<h2>Agenda</h2><p>Talk by <a href="https://x.example">Ada</a> &amp; Bo<br>then &lt;lunch&gt;&nbsp;&#8212;&#x2764;</p><ul><li><p>one</p></li></ul>')).toBe(
      'Agenda\nTalk by Ada & Bo\nthen <lunch>\u00a0—❤\none',
    );
    expect(descriptionText('')).toBe('');
    expect(descriptionText('<p>x</p><p></p>')).toBe('x');
  });

  it('is what the form limits: visible text to EVENT_DESCRIPTION_MAX, whatever the markup', () => {
    const values = { ...newEventValues('company', null, 'UTC', new Date('2026-11-20T10:00:00Z')), title: 'Limits' };
    const options = { timeZone: 'UTC', includeTimeZone: true, includeRule: true };
    const bold = (text: string) => `<p><strong>${text}</strong></p>`;
    expect(validateEventForm({ ...values, description: bold('x'.repeat(EVENT_DESCRIPTION_MAX)) }, options).ok).toBe(true);
    const over = validateEventForm({ ...values, description: bold('x'.repeat(EVENT_DESCRIPTION_MAX + 1)) }, options);
    expect(over.ok || over.errors.description).toEqual({ message: E.descriptionTooLong, values: { max: EVENT_DESCRIPTION_MAX } });
    // Markup beyond the stored HTML's limit, with little text.
    const markup = validateEventForm({ ...values, description: '<p><strong>x</strong></p>'.repeat(EVENT_DESCRIPTION_HTML_MAX / 20) }, options);
    expect(markup.ok || markup.errors.description).toEqual({ message: R.descriptionFormattingTooLong, values: { max: EVENT_DESCRIPTION_HTML_MAX } });
  });
});

describe('the event form’s video and meeting fields', () => {
  const values = { ...newEventValues('company', null, 'UTC', new Date('2026-11-20T10:00:00Z')), title: 'Town hall' };
  const options = { timeZone: 'UTC', includeTimeZone: true, includeRule: true };

  it('send a video link and a Teams meeting link as typed, trimmed', () => {
    const result = validateEventForm({ ...values, video: ' https://youtu.be/dQw4w9WgXcQ?t=42 ', onlineMeetingUrl: `${MEETING} ` }, options);
    expect(result.ok && result.event.extendedProps).toMatchObject({ video: 'https://youtu.be/dQw4w9WgXcQ?t=42', onlineMeetingUrl: MEETING });
  });

  it('refuse a link no provider’s, naming what is allowed, and the configured Stream sites', () => {
    expect(videoFieldError('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', [])).toEqual({ message: R.videoInvalid });
    expect(videoFieldError('https://evil.example', ['https://contoso.sharepoint.com'])).toEqual({
      message: R.videoInvalidWithStream,
      values: { sites: 'https://contoso.sharepoint.com' },
    });
    expect(videoFieldError('', [])).toBeNull();
    const result = validateEventForm({ ...values, video: 'javascript:alert(1)' }, options);
    expect(result.ok || result.errors.video).toEqual({ message: R.videoInvalid });
  });

  it('refuse a meeting link that is not Teams’s', () => {
    expect(meetingFieldError(MEETING)).toBeNull();
    expect(meetingFieldError('')).toBeNull();
    for (const link of ['https://zoom.us/j/123', 'https://teams.microsoft.com.evil.example/l/meetup-join/a/b', 'javascript:alert(1)']) {
      expect(meetingFieldError(link)).toEqual({ message: R.meetingInvalid });
      const result = validateEventForm({ ...values, onlineMeetingUrl: link }, options);
      expect(result.ok || result.errors.onlineMeetingUrl).toEqual({ message: R.meetingInvalid });
    }
  });
});

describe('a description link’s address', () => {
  it('takes web, mail and phone addresses, completing bare ones', () => {
    expect(linkAddress('https://example.com/a')).toBe('https://example.com/a');
    expect(linkAddress(' www.example.com ')).toBe('https://www.example.com');
    expect(linkAddress('someone@example.com')).toBe('mailto:someone@example.com');
    expect(linkAddress('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(linkAddress('tel:+441234567890')).toBe('tel:+441234567890');
  });

  it('refuses any other scheme, relative addresses and nonsense', () => {
    for (const input of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', '/relative', '//evil.example', 'just words', '', 'https://']) {
      expect(linkAddress(input), input).toBeNull();
    }
  });
});

describe('joining a meeting from the week and day views', () => {
  it(`opens ${JOIN_SOON_MINUTES} minutes before the start and closes at the end`, () => {
    expect(JOIN_SOON_MINUTES).toBe(10);
    const start = Date.parse('2026-11-20T10:00:00Z');
    const window = joinWindow(start, start + 3_600_000);
    expect(isJoinOpen(window, start - 10 * 60_000 - 1)).toBe(false);
    expect(isJoinOpen(window, start - 10 * 60_000)).toBe(true);
    expect(isJoinOpen(window, start + 3_599_999)).toBe(true);
    expect(isJoinOpen(window, start + 3_600_000)).toBe(false);
  });
});

describe('a description written before rich text, as HTML', () => {
  it('keeps its web addresses as links, and no other scheme', () => {
    expect(plainTextToHtml('Agenda: https://example.com/a?b=1&c=2.\nNot a link: javascript:alert(1) <b>')).toBe(
      '<p>Agenda: <a href="https://example.com/a?b=1&amp;c=2">https://example.com/a?b=1&amp;c=2</a>.<br />Not a link: javascript:alert(1) &lt;b&gt;</p>',
    );
  });
});
