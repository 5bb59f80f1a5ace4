import { ProtocolMode, type Configuration } from '@azure/msal-browser';
import type { ProductionAuthConfig } from '../../shared/user.ts';

/** The Entra ID app registration a Microsoft 365 host or MSAL signs in against. */
export type EntraAuthConfig = NonNullable<ProductionAuthConfig['entra']>;

/** MSAL's redirect bridge (auth-end.html): popups, silent frames and redirects all come back there. */
const AUTH_END_PATH = '/auth-end';

export interface MsalSetup {
  configuration: Configuration;
  /** What to ask for: a token the API accepts. */
  scopes: string[];
}

const redirectUris = () => ({
  redirectUri: new URL(AUTH_END_PATH, window.location.origin).href,
  postLogoutRedirectUri: new URL('/', window.location.origin).href,
});

// Tokens survive a reload and are shared by the site's tabs, so nobody is asked to sign in twice.
const CACHE = { cacheLocation: 'localStorage' } as const;

export function entraMsalSetup(entra: EntraAuthConfig): MsalSetup {
  return {
    configuration: { auth: { clientId: entra.clientId, authority: entra.authority, ...redirectUris() }, cache: CACHE },
    scopes: [entra.apiScope],
  };
}

/** Nested app authentication: the host keeps the session and the tokens, so no redirect pages and no cache to choose. */
export function nestedAppMsalSetup(entra: EntraAuthConfig): MsalSetup {
  return { configuration: { auth: { clientId: entra.clientId, authority: entra.authority } }, scopes: [entra.apiScope] };
}

/**
 * Teams's consent popup (/auth-start): Entra ID, with tokens kept for the popup's life only. The tab never reads
 * them (it asks Teams again with getAuthToken), so they must not stay behind in the app origin's localStorage.
 */
export function consentPopupMsalSetup(entra: EntraAuthConfig): MsalSetup {
  const setup = entraMsalSetup(entra);
  return { ...setup, configuration: { ...setup.configuration, cache: { cacheLocation: 'sessionStorage' } } };
}

/**
 * The standalone site's sign-in: a generic OpenID Connect provider when one is configured (it exists for this
 * site), else Entra ID. Null when neither is.
 */
export function standaloneMsalSetup(auth: ProductionAuthConfig): MsalSetup | null {
  if (auth.oidc) {
    const { authority, clientId, scopes } = auth.oidc;
    return {
      configuration: {
        auth: {
          clientId,
          authority,
          knownAuthorities: [new URL(authority).host],
          // Not MSAL's default offline_access, which generic providers may refuse on refresh.
          OIDCOptions: { defaultScopes: ['openid', 'profile'] },
          ...redirectUris(),
        },
        cache: CACHE,
        system: { protocolMode: ProtocolMode.OIDC },
      },
      scopes,
    };
  }
  return auth.entra ? entraMsalSetup(auth.entra) : null;
}
