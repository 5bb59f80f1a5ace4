import { describe, expect, it } from 'vitest';
import { isTeamsMeetingUrl } from '../../src/shared/meeting-url.ts';

const JOIN = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjE4ZGY3%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d';

describe('Teams meeting links', () => {
  it.each([
    JOIN,
    'https://teams.microsoft.com/meet/21234567890123?p=AbCdEfGh',
    'https://teams.live.com/meet/9312345678901?p=xyz',
    'https://gov.teams.microsoft.us/l/meetup-join/19%3ameeting_x%40thread.v2/0',
  ])('accepts %s', (url) => expect(isTeamsMeetingUrl(url)).toBe(true));

  it.each([
    JOIN.replace('https:', 'http:'),
    JOIN.replace('teams.microsoft.com', 'teams.microsoft.com.evil.example'),
    JOIN.replace('teams.microsoft.com', 'evil.example@teams.microsoft.com'),
    JOIN.replace('teams.microsoft.com', 'teams.microsoft.com:8443'),
    'https://teams.microsoft.com/l/chat/0/0?users=a@b.com',
    'https://teams.microsoft.com/',
    'https://teams.microsoft.com/meet/abc',
    'https://zoom.us/j/123456789',
    'javascript:alert(1)//teams.microsoft.com/l/meetup-join/a/b',
    'not a link',
  ])('refuses %s', (url) => expect(isTeamsMeetingUrl(url)).toBe(false));
});
