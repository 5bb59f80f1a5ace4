import type * as TeamsJs from '@microsoft/teams-js';

export type TeamsSdk = typeof TeamsJs;

let loading: Promise<TeamsSdk> | null = null;

/**
 * teams-js, loaded on first use: the standalone site never downloads it (nor its fetch of valid origins). A failed
 * load is forgotten, so that trying again downloads the chunk again rather than repeating the failure.
 */
export function loadTeamsSdk(): Promise<TeamsSdk> {
  loading ??= import('@microsoft/teams-js').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
