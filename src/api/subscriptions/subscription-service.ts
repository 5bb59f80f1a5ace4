import type { Category } from '../../shared/category-schema.ts';
import { SUBSCRIPTION_FEED_BYTES_MAX, SUBSCRIPTIONS_PER_USER_MAX } from '../../shared/limits.ts';
import { FEED_TOO_LARGE_TYPE } from '../../shared/problem.ts';
import type { Subscription, SubscriptionInput } from '../../shared/subscription-schema.ts';
import { isAdmin, type Principal } from '../auth/principal.ts';
import { calendarOrNotFound } from '../calendars/calendar-or-not-found.ts';
import { forbidden, HttpProblem, notFound, validationFailed } from '../errors.ts';
import { BODY_FIELD } from '../http/request-validation.ts';
import type { Store, StoredCalendar, StoredSubscription } from '../stores/repository.ts';
import { hashSecret, newSubscriptionSecret } from './subscription-secret.ts';
import type { CachedText } from '../http/cached-body-reply.ts';

/** A link's last use is written at most this often: not a write per poll of every calendar app. */
export const LAST_USED_RESOLUTION_MS = 3_600_000;

/** A calendar exported as iCalendar, with what a conditional GET compares and its compressed copies. */
export type IcsFeed = CachedText;

/**
 * The calendar export (src/api/ical's exportCalendarIcs) as the feed calls it: what this principal may see of the
 * calendar now, its events linking back to the app at origin.
 */
export type ExportCalendarIcs = (principal: Principal, calendarId: string, options: { categoryId?: string; origin?: string }) => Promise<IcsFeed>;

export interface SubscriptionServiceOptions {
  exportCalendarIcs: ExportCalendarIcs;
  /** SUBSCRIPTION_FEED_BYTES_MAX unless a test shows the cap with a small calendar. */
  feedBytesMax?: number;
  /** Whether sign-in still admits the link creator's organisation (auth/tenant-admission.ts); any by default. */
  tenantAdmitted?: (tenantId: string) => boolean;
}

export interface SubscriptionService {
  /** A new link to a calendar the caller reads, or to one of its categories: its secret is given out this once. */
  create(principal: Principal, calendarId: string, input: SubscriptionInput): Promise<{ subscription: Subscription; secret: string }>;
  /** The caller's links; with all, every link of the tenant (administrators only). */
  list(principal: Principal, options: { all: boolean }): Promise<Subscription[]>;
  /** Revokes the caller's own link, or as an administrator anyone's in the tenant; anything else is a 404. */
  revoke(principal: Principal, subscriptionId: string): Promise<void>;
  /**
   * The feed a secret opens, its events linking back to the app at origin, or null: unknown, revoked, its creator's
   * organisation no longer admitted, or its calendar or category gone.
   */
  feed(secret: string, origin: string): Promise<IcsFeed | null>;
}

function toSubscription(stored: StoredSubscription, calendar: StoredCalendar | undefined, category: Category | undefined): Subscription {
  return {
    id: stored.id,
    calendarId: stored.calendarId,
    categoryId: stored.categoryId,
    calendarName: calendar?.name ?? null,
    categoryName: category?.name ?? null,
    active: calendar !== undefined && (stored.categoryId === null || category !== undefined),
    createdBy: { id: stored.userId, name: stored.userName },
    createdAt: stored.createdAt,
    lastUsedAt: stored.lastUsedAt,
  };
}

function tooManyLinks(): HttpProblem {
  const message = `You have ${SUBSCRIPTIONS_PER_USER_MAX} subscription links, the most one person may have: revoke one before adding another`;
  return new HttpProblem(400, 'Bad Request', { detail: message, errors: [{ field: BODY_FIELD, message }] });
}

function feedTooLarge(limit: number): HttpProblem {
  return new HttpProblem(422, 'Calendar too large to subscribe to', {
    type: FEED_TOO_LARGE_TYPE,
    detail: `This calendar's feed is over ${limit.toLocaleString('en')} bytes, the most one feed carries: subscribe to one of its categories instead.`,
    limit,
  });
}

/** The creator as the feed acts for them: who they are, with no roles or groups (a feed reads, and every member reads). */
const creatorOf = (stored: StoredSubscription): Principal => ({ id: stored.userId, name: stored.userName, tenantId: stored.tenantId, appRoles: [], groups: [] });

/** Permissions and limits in front of the store's subscription links, and the feed each opens. */
export function createSubscriptionService(store: Store, options: SubscriptionServiceOptions): SubscriptionService {
  const { exportCalendarIcs, feedBytesMax = SUBSCRIPTION_FEED_BYTES_MAX, tenantAdmitted = () => true } = options;
  /** The links with their calendars' and categories' names now: two queries for any number of links. */
  async function described(tenantId: string, links: StoredSubscription[]): Promise<Subscription[]> {
    if (links.length === 0) return [];
    const [calendars, categories] = await Promise.all([store.calendars.list({ tenantId }), store.categories.list({ tenantId })]);
    const calendarById = new Map(calendars.map((calendar) => [calendar.id, calendar]));
    const categoryById = new Map(categories.map((category) => [category.id, category]));
    return links.map((link) => toSubscription(link, calendarById.get(link.calendarId), link.categoryId === null ? undefined : categoryById.get(link.categoryId)));
  }

  /** Whether the link's calendar, and its category if it names one, are still there for its creator. */
  async function stillVisible(link: StoredSubscription): Promise<boolean> {
    const { tenantId, calendarId, categoryId } = link;
    if (!(await store.calendars.get({ tenantId, calendarId }))) return false;
    return categoryId === null || (await store.categories.get({ tenantId, calendarId, categoryId })) !== null;
  }

  return {
    async create(principal, calendarId, { categoryId = null }) {
      const { tenantId } = principal;
      const calendar = await calendarOrNotFound(store, principal, calendarId);
      const category = categoryId === null ? undefined : await store.categories.get({ tenantId, calendarId, categoryId });
      if (category === null) throw validationFailed([{ field: 'categoryId', message: `"${calendar.name}" has no such category` }]);
      // Checked before the write, not with it: two creates at once may pass the limit by one.
      if ((await store.subscriptions.listByUser({ tenantId, userId: principal.id })).length >= SUBSCRIPTIONS_PER_USER_MAX) throw tooManyLinks();
      const secret = newSubscriptionSecret();
      const stored = await store.subscriptions.create({ tenantId, userId: principal.id, userName: principal.name, calendarId, categoryId, secretHash: hashSecret(secret) });
      return { subscription: toSubscription(stored, calendar, category), secret };
    },

    async list(principal, { all }) {
      const { tenantId } = principal;
      if (all && !isAdmin(principal)) throw forbidden('Only administrators list everyone’s subscription links.');
      const links = all ? await store.subscriptions.listByTenant({ tenantId }) : await store.subscriptions.listByUser({ tenantId, userId: principal.id });
      return described(tenantId, links);
    },

    async revoke(principal, subscriptionId) {
      const key = { tenantId: principal.tenantId, subscriptionId };
      const link = await store.subscriptions.get(key);
      if (!link || (link.userId !== principal.id && !isAdmin(principal))) throw notFound();
      await store.subscriptions.delete(key);
    },

    async feed(secret, origin) {
      const link = await store.subscriptions.findBySecretHash(hashSecret(secret));
      if (!link || !tenantAdmitted(link.tenantId) || !(await stillVisible(link))) return null;
      const feed = await exportCalendarIcs(creatorOf(link), link.calendarId, link.categoryId === null ? { origin } : { categoryId: link.categoryId, origin });
      if (Buffer.byteLength(feed.body) > feedBytesMax) throw feedTooLarge(feedBytesMax);
      const now = Date.now();
      if (link.lastUsedAt === null || now - Date.parse(link.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
        await store.subscriptions.recordUse({ tenantId: link.tenantId, subscriptionId: link.id, at: new Date(now).toISOString() });
      }
      return feed;
    },
  };
}
