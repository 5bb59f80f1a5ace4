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
