import { z } from 'zod';
import { ID_MAX } from './limits.ts';

/** POST /api/calendars/{calendarId}/subscriptions: a link to the whole calendar, or to one of its categories. */
export const subscriptionCreateSchema = z.strictObject({
  categoryId: z.string().min(1, 'Choose a category, or leave categoryId out for the whole calendar').max(ID_MAX).nullish(),
});

export type SubscriptionInput = z.output<typeof subscriptionCreateSchema>;

/** GET /api/subscriptions: the caller's own links, or with all=true (administrators) every link of the tenant. */
export const subscriptionListQuerySchema = z.strictObject({
  all: z.enum(['true', 'false'], { error: 'Use all=true or all=false' }).optional(),
});

/** A subscription link as the API lists it: never its secret, which only its creation answer carries, in `url`. */
export interface Subscription {
  id: string;
  calendarId: string;
  /** Null for the whole calendar. */
  categoryId: string | null;
  /** The calendar's and category's names now; null once they are gone. */
  calendarName: string | null;
  categoryName: string | null;
  /** Whether the feed answers now: false once its calendar or category is gone (it then answers 404). */
  active: boolean;
  /** Who made it: the feed shows what they may see. */
  createdBy: { id: string; name: string };
  createdAt: string;
  /** When a calendar app last read the feed, to the hour; null when none has yet. */
  lastUsedAt: string | null;
}

/** The answer to a create: the only time the link, and so its secret, is given out. */
export interface CreatedSubscription extends Subscription {
  /** The feed's absolute https (or loopback http) address: /ics/{secret}.ics on the app's own origin. */
  url: string;
}
