import { createHash, randomBytes } from 'node:crypto';

/** Random bytes in a link's secret: 256 bits, beyond any guessing, so the link alone may open its feed. */
export const SUBSCRIPTION_SECRET_BYTES = 32;

// base64url of SUBSCRIPTION_SECRET_BYTES bytes, unpadded: 43 characters.
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** Where feeds are served: the link's secret, then .ics, which calendar apps look for. */
export const FEED_PATH_PREFIX = '/ics/';
/** The feed's route, as the router names it: its one parameter is the file name, {secret}.ics. */
export const FEED_ROUTE = `${FEED_PATH_PREFIX}:file`;

export function newSubscriptionSecret(): string {
  return randomBytes(SUBSCRIPTION_SECRET_BYTES).toString('base64url');
}

/** What the stores keep and look a link up by: its secret is never stored, nor logged. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function feedPath(secret: string): string {
  return `${FEED_PATH_PREFIX}${secret}.ics`;
}

/** The secret a feed's file name ({secret}.ics) carries; null for any other name. */
export function secretOfFeedFile(file: string): string | null {
  return FEED_FILE.exec(file)?.[1] ?? null;
}
