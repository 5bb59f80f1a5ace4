import type { VersionedSettings } from './user-settings-schema.ts';

export type Role = 'reader' | 'editor' | 'admin';

/** GET /api/me */
export interface Me {
  id: string;
  name: string;
  tenantId: string;
  roles: Role[];
  /** Their settings, so the first screen is drawn with them (GET and PATCH /api/me/settings read and change them). */
  settings: VersionedSettings;
}

/** How the web app signs people in while no identity provider is configured. */
export interface DevelopmentAuthConfig {
  mode: 'development';
  /** The demo users a development sign-in offers. */
  devUsers: { id: string; name: string; description: string }[];
}

/** How the web app signs people in when an identity provider is configured. */
export interface ProductionAuthConfig {
  mode: 'production';
  /** Entra ID: Teams and SharePoint single sign-on, and MSAL in the browser. */
  entra?: { clientId: string; authority: string; apiScope: string };
  /** A generic OpenID Connect provider for the standalone site. */
  oidc?: { authority: string; clientId: string; scopes: string[] };
}

export type AuthConfig = DevelopmentAuthConfig | ProductionAuthConfig;

/** GET /api/client-config: what the web app needs before anyone signs in. Public. */
export interface ClientConfig {
  auth: AuthConfig;
  host: {
    /** Origins beyond teams-js's own allow-list whose messages the tab accepts (app.initialize). */
    validMessageOrigins: string[];
    /** The Teams app id, for deep links; null when not configured. */
    teamsAppId: string | null;
  };
  /** The SharePoint sites whose Stream videos events may embed (SHAREPOINT_ORIGINS), as the API checks them. */
  sharePointOrigins: string[];
  /**
   * Present while the API reaches Microsoft Graph on behalf of users (GRAPH_CREDENTIAL): "Add to my Outlook calendar"
   * shows, and `outlookScopes` are what its "Allow access" asks consent for. `consentScopes` lists every Graph scope
   * the app's features may ask consent for, and no other: Teams's consent page asks for those alone.
   */
  graph?: { outlookScopes: string[]; consentScopes: string[] };
}
