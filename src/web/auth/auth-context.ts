import { createContext, use } from 'react';
import type { Me } from '../../shared/user.ts';
import type { GetAccessToken } from '../lib/api-client.ts';

/**
 * The seam between the app and how people sign in: development sign-in, MSAL on the standalone site,
 * and the host's single sign-on in Teams and SharePoint each provide it.
 */
export interface Auth {
  me: Me;
  getAccessToken: GetAccessToken;
  /** Null where the host owns the session (Teams, SharePoint): people sign out of the host, not the tab. */
  signOut: (() => void) | null;
  /**
   * Incremental consent: asks the user (in a popup, so only from a click) to allow further scopes, such as
   * Microsoft Graph's Calendars.ReadWrite for "Add to my Outlook calendar". Absent where sign-in has no consent.
   */
  requestConsent?: (scopes: string[]) => Promise<void>;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (auth === null) throw new Error('useAuth needs an auth provider above it');
  return auth;
}
