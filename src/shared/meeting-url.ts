/**
 * A Teams meeting's join link: `https://teams.microsoft.com/l/meetup-join/…` (the classic shape every Outlook and
 * Teams invitation carries) or `https://teams.microsoft.com/meet/{id}?p={passcode}` (the current short shape), and the
 * same paths on Teams for personal use and the US government clouds. The host is compared exactly; nothing else is a
 * meeting link.
 */
const TEAMS_HOSTS = new Set(['teams.microsoft.com', 'teams.live.com', 'teams.microsoft.us', 'gov.teams.microsoft.us', 'dod.teams.microsoft.us']);
const MEETING_PATHS = [/^\/l\/meetup-join\/[^/]+\/[^/]+/, /^\/meet\/\d{6,20}\/?$/];

export const MEETING_URL_MESSAGE = 'Use a Teams meeting link (https://teams.microsoft.com/l/meetup-join/… or https://teams.microsoft.com/meet/…)';

export function isTeamsMeetingUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  return TEAMS_HOSTS.has(url.hostname) && MEETING_PATHS.some((path) => path.test(url.pathname));
}
