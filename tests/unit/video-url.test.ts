import { describe, expect, it } from 'vitest';
import { normaliseVideoUrl, startSeconds, videoProviderOf } from '../../src/shared/video-url.ts';

const SHAREPOINT = ['https://contoso.sharepoint.com'];
const ID = 'dQw4w9WgXcQ';
const GUID = '8c1f5e0a-3b2d-4c6e-9f7a-1d2e3f4a5b6c';
const STREAM = `https://contoso.sharepoint.com/sites/Comms/_layouts/15/embed.aspx?UniqueId=${GUID}`;

const urlOf = (input: string) => {
  const link = normaliseVideoUrl(input, SHAREPOINT);
  return link.ok ? link.url : `refused: ${link.message}`;
};

describe('video links to their canonical embed URL', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://youtube.com/watch?v=${ID}&list=PL123&index=2`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://m.youtube.com/watch?v=${ID}&t=1m30s`, `https://www.youtube-nocookie.com/embed/${ID}?start=90`],
    [`https://www.youtube.com/watch?v=${ID}#t=2h0m5s`, `https://www.youtube-nocookie.com/embed/${ID}?start=7205`],
    [`https://youtu.be/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://youtu.be/${ID}?t=42`, `https://www.youtube-nocookie.com/embed/${ID}?start=42`],
    [`https://youtu.be/${ID}?si=AbCdEf&t=42s`, `https://www.youtube-nocookie.com/embed/${ID}?start=42`],
    [`http://youtu.be/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}?start=42&rel=0`, `https://www.youtube-nocookie.com/embed/${ID}?start=42`],
    [`https://www.youtube-nocookie.com/embed/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://www.youtube.com/shorts/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://www.youtube.com/live/${ID}?feature=share`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`  https://www.youtube.com/watch?v=${ID}  `, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`<iframe width="560" height="315" src="https://www.youtube.com/embed/${ID}?si=x&amp;start=9" title="YouTube"></iframe>`, `https://www.youtube-nocookie.com/embed/${ID}?start=9`],
  ])('YouTube: %s', (input, canonical) => expect(urlOf(input)).toBe(canonical));

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871#t=42s', 'https://player.vimeo.com/video/76979871#t=42s'],
    ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/groups/animation/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc123def0&badge=0', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
    ['<iframe src="https://player.vimeo.com/video/76979871" allow="fullscreen"></iframe>', 'https://player.vimeo.com/video/76979871'],
  ])('Vimeo: %s', (input, canonical) => expect(urlOf(input)).toBe(canonical));

  it.each([
    [`${STREAM}&embed=%7B%22ust%22%3Atrue%7D&referrer=StreamWebApp`, STREAM],
    [`https://contoso.sharepoint.com/sites/Comms/_layouts/15/embed.aspx?UniqueId={${GUID.toUpperCase()}}`, STREAM],
    [`https://contoso.sharepoint.com/_layouts/15/embed.aspx?UniqueId=${GUID}`, `https://contoso.sharepoint.com/_layouts/15/embed.aspx?UniqueId=${GUID}`],
    [`<iframe src="${STREAM}&amp;nav=x" width="640" height="360" title="Town hall"></iframe>`, STREAM],
  ])('Stream on a configured SharePoint site: %s', (input, canonical) => expect(urlOf(input)).toBe(canonical));

  it('keeps every canonical form as it is, and names its provider', () => {
    for (const [url, provider] of [
      [`https://www.youtube-nocookie.com/embed/${ID}?start=42`, 'youtube'],
      ['https://player.vimeo.com/video/76979871?h=abc123def0#t=42s', 'vimeo'],
      [STREAM, 'stream'],
    ] as const) {
      expect(urlOf(url)).toBe(url);
      expect(videoProviderOf(url, SHAREPOINT)).toBe(provider);
    }
    expect(videoProviderOf(`https://youtu.be/${ID}`, SHAREPOINT)).toBeNull();
  });
});

describe('look-alikes and other schemes are refused', () => {
  it.each([
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/youtube.com/watch?v=${ID}`,
    `https://www.youtube.com@evil.example/watch?v=${ID}`,
    `https://evil.example@www.youtube.com/watch?v=${ID}`,
    `https://user:pass@youtu.be/${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtu.be.evil.example/${ID}`,
    `https://vimeo.com.evil.example/76979871`,
    `https://player.vimeo.com.evil.example/video/76979871`,
    'javascript:alert(1)',
    `javascript://www.youtube.com/%0aalert(1)`,
    'data:text/html,<script>alert(1)</script>',
    `ftp://www.youtube.com/watch?v=${ID}`,
    `//www.youtube.com/watch?v=${ID}`,
    `https://fabrikam.sharepoint.com/sites/Comms/_layouts/15/embed.aspx?UniqueId=${GUID}`,
    `https://contoso.sharepoint.com.evil.example/sites/Comms/_layouts/15/embed.aspx?UniqueId=${GUID}`,
    `https://contoso-my.sharepoint.com/personal/a/_layouts/15/embed.aspx?UniqueId=${GUID}`,
    '<iframe src="javascript:alert(1)"></iframe>',
    '<img src=x onerror=alert(1)>',
    'not a link',
    '',
  ])('%s', (input) => {
    const link = normaliseVideoUrl(input, SHAREPOINT);
    expect(link.ok).toBe(false);
    if (!link.ok) expect(link.message).toMatch(/YouTube or Vimeo/);
  });

  it.each([
    [`https://www.youtube.com/watch?v=short`, 'That YouTube link names no video'],
    [`https://www.youtube.com/watch?list=PL123`, 'That YouTube link names no video'],
    [`https://youtu.be/${ID}<script>`, 'That YouTube link names no video'],
    ['https://vimeo.com/channels/staffpicks', 'That Vimeo link names no video'],
    ['https://vimeo.com/76979871/not-a-hash!', 'That Vimeo link names no video'],
    [`https://contoso.sharepoint.com/sites/Comms/_layouts/15/stream.aspx?id=%2Fsites%2FComms%2Fvideo.mp4`, 'For a Stream video, paste its embed code'],
    [`https://contoso.sharepoint.com/sites/Comms/_layouts/15/embed.aspx?UniqueId=not-a-guid`, 'For a Stream video, paste its embed code'],
    // A `%` that starts no escape, or escapes no UTF-8, in the site's path: refused, never thrown.
    [`https://contoso.sharepoint.com/sites/Comms%zz/_layouts/15/embed.aspx?UniqueId=${GUID}`, 'That Stream link’s site address is not a valid address'],
    [`https://contoso.sharepoint.com/sites/Comms%E0%A4%A/_layouts/15/embed.aspx?UniqueId=${GUID}`, 'That Stream link’s site address is not a valid address'],
    [`https://contoso.sharepoint.com/sites/%FF/_layouts/15/embed.aspx?UniqueId=${GUID}`, 'That Stream link’s site address is not a valid address'],
  ])('a provider’s own link that names no video: %s', (input, message) => {
    expect(urlOf(input)).toContain(message);
  });

  it('names Stream in the message only where SharePoint sites are configured', () => {
    expect(normaliseVideoUrl('https://example.com/v', [])).toEqual({ ok: false, message: 'Use a YouTube or Vimeo video link' });
    expect(normaliseVideoUrl('https://example.com/v', SHAREPOINT)).toEqual({
      ok: false,
      message: "Use a YouTube or Vimeo video link, or a Stream video's embed link on https://contoso.sharepoint.com",
    });
  });
});

describe('start times', () => {
  it.each([
    ['42', 42],
    ['42s', 42],
    ['1m30s', 90],
    ['1h2m3s', 3723],
    ['2m', 120],
    ['0', null],
    ['', null],
    [null, null],
    ['abc', null],
    ['-5', null],
    ['99h', null],
  ])('%s → %s', (value, seconds) => expect(startSeconds(value)).toBe(seconds));
});
