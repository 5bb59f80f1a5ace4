import { describe, expect, test } from 'vitest';
import { isHttpUrl } from '../../src/shared/event-schema.ts';
import { withWebScheme } from '../../src/shared/web-link.ts';

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
