import type { GetAccessToken } from '../lib/api-client.ts';

/** How the tab gets tokens for the API in a Microsoft 365 host, and asks for consent when they need it. */
export interface HostSignIn {
  getAccessToken: GetAccessToken;
  /**
   * Asks the user to consent, in a popup: call it only from a click, or the browser blocks the popup. With
   * `extraScopes`, to those too (incremental consent, e.g. Microsoft Graph's); without, to the API's own.
   */
  requestConsent(extraScopes?: string[]): Promise<void>;
}
