export type Role = 'reader' | 'editor' | 'admin';

/** GET /api/me */
export interface Me {
  id: string;
  name: string;
  tenantId: string;
  roles: Role[];
}

/** GET /api/auth/config: how the web app signs people in. */
export interface AuthConfig {
  mode: 'development';
  /** The demo users a development sign-in offers. */
  devUsers: { id: string; name: string; description: string }[];
}

/** GET /api/auth/config when an identity provider is configured. */
export interface ProductionAuthConfig {
  mode: 'production';
  /** Entra ID: Teams and SharePoint single sign-on, and MSAL in the browser. */
  entra?: { clientId: string; authority: string; apiScope: string };
  /** A generic OpenID Connect provider for the standalone site. */
  oidc?: { authority: string; clientId: string; scopes: string[] };
}
