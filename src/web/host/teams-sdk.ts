import type * as TeamsJs from '@microsoft/teams-js';

export type TeamsSdk = typeof TeamsJs;

let loading: Promise<TeamsSdk> | null = null;

/** teams-js, loaded on first use: the standalone site never downloads it (nor its fetch of valid origins). */
export function loadTeamsSdk(): Promise<TeamsSdk> {
  loading ??= import('@microsoft/teams-js');
  return loading;
}
