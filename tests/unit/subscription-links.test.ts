import { describe, expect, it } from 'vitest';
import { feedPath, hashSecret, newSubscriptionSecret, secretOfFeedFile } from '../../src/api/subscriptions/subscription-secret.ts';
import { outlookSubscribeUrl, webcalUrl } from '../../src/web/features/subscriptions/lib/subscribe-links.ts';

describe('subscription secrets', () => {
  it('are 32 random bytes in base64url, never the same twice, and stored as their SHA-256 in hex', () => {
    const secrets = new Set(Array.from({ length: 100 }, newSubscriptionSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    }
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('are read back from the feed’s file name only when it is exactly {secret}.ics', () => {
    const secret = newSubscriptionSecret();
    expect(feedPath(secret)).toBe(`/ics/${secret}.ics`);
    expect(secretOfFeedFile(`${secret}.ics`)).toBe(secret);
    for (const file of [secret, `${secret}.ICS`, `${secret}.ics.ics`, `${secret.slice(1)}.ics`, `${secret}x.ics`, `${secret.slice(1)}=.ics`, `../${secret}.ics`]) {
      expect(secretOfFeedFile(file), file).toBeNull();
    }
  });
});

describe('subscribe links', () => {
  const feed = 'https://calendar.contoso.com/ics/AbC_d-1.ics';

  it('open Outlook on the web’s add-from-web page with the feed and its name, spaces as %20', () => {
    const url = new URL(outlookSubscribeUrl(feed, 'Company – Town halls & more'));
    expect(`${url.origin}${url.pathname}`).toBe('https://outlook.office.com/calendar/0/addfromweb');
    expect(Object.fromEntries(url.searchParams)).toEqual({ url: feed, name: 'Company – Town halls & more' });
    expect(url.search).not.toContain('+');
  });

  it('give Apple Calendar the feed as webcal://', () => {
    expect(webcalUrl(feed)).toBe('webcal://calendar.contoso.com/ics/AbC_d-1.ics');
    expect(webcalUrl('http://localhost:3000/ics/x.ics')).toBe('webcal://localhost:3000/ics/x.ics');
  });
});
