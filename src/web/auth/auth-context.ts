import { createContext, use } from 'react';
import type { Me } from '../../shared/user.ts';
import type { GetAccessToken } from '../lib/api-client.ts';

/**
 * The seam between the app and how people sign in. Development sign-in implements it today;
 * MSAL and Teams SSO will be other providers of the same context.
 */
export interface Auth {
  me: Me;
  getAccessToken: GetAccessToken;
  signOut(): void;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (auth === null) throw new Error('useAuth needs an auth provider above it');
  return auth;
}
