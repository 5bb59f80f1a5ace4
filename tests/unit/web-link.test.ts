import { describe, expect, test } from 'vitest';
import { isHttpUrl, splitWebLinks, withWebScheme } from '../../src/shared/web-link.ts';

describe('a link typed without its scheme', () => {
  test('gets https:// when it names a host, with its path, query, fragment and port kept', () => {
    expect(withWebScheme('www.example.com')).toBe('https://www.example.com');
    expect(withWebScheme('  intranet.contoso.com/events?id=1#top ')).toBe('https://intranet.contoso.com/events?id=1#top');
    expect(withWebScheme('example.com:8443/x')).toBe('https://example.com:8443/x');
    expect(withWebScheme('10.0.0.1/status')).toBe('https://10.0.0.1/status');
    expect(isHttpUrl(withWebScheme('www.example.com'))).toBe(true);
  });

  test('is left as it is otherwise, so that only http and https are ever accepted', () => {
    for (const value of ['https://example.com', 'http://example.com', 'HTTPS://EXAMPLE.COM', '']) expect(withWebScheme(value)).toBe(value);
    // Another scheme stays another scheme, and the schema refuses it.
    for (const value of ['javascript:alert(1)', 'mailto:someone@example.com', 'ftp://example.com', 'data:text/html,x']) {
      expect(withWebScheme(value)).toBe(value);
      expect(isHttpUrl(withWebScheme(value))).toBe(false);
    }
    // Not a host: no guess.
    for (const value of ['localhost', 'just words', 'someone@example.com', '//example.com', '/relative/path', 'example']) expect(withWebScheme(value)).toBe(value);
  });
});

describe('links in a description', () => {
  const links = (text: string) => splitWebLinks(text).flatMap((part) => (part.kind === 'link' ? [part.url] : []));

  test('finds http and https addresses, keeping the text around them whole', () => {
    const text = 'Agenda: https://intranet.contoso.com/a?b=1#c and http://example.com/x.\nBring a laptop';
    expect(splitWebLinks(text)).toEqual([
      { kind: 'text', text: 'Agenda: ' },
      { kind: 'link', url: 'https://intranet.contoso.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', url: 'http://example.com/x' },
      { kind: 'text', text: '.\nBring a laptop' },
    ]);
    expect(splitWebLinks('No links here')).toEqual([{ kind: 'text', text: 'No links here' }]);
    expect(splitWebLinks('')).toEqual([]);
  });

  test('leaves the punctuation after an address out of it, but a bracket the address opened in', () => {
    expect(links('See https://example.com/a, then https://example.com/b! Or (https://example.com/c).')).toEqual([
      'https://example.com/a',
      'https://example.com/b',
      'https://example.com/c',
    ]);
    expect(links('“https://example.com/q?”')).toEqual(['https://example.com/q']);
    expect(links('https://en.wikipedia.org/wiki/Mercury_(planet).')).toEqual(['https://en.wikipedia.org/wiki/Mercury_(planet)']);
  });

  test('never makes a link of another scheme or of a scheme without a host', () => {
    expect(links('javascript:alert(1) data:text/html,x mailto:a@b.c ftp://example.com file:///etc/passwd')).toEqual([]);
    expect(links('javascript:https://example.com')).toEqual(['https://example.com']);
    expect(links('https:// and http://')).toEqual([]);
    expect(links('xhttps://example.com')).toEqual([]);
  });
});
