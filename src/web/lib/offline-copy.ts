import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import type { Calendar } from '../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import type { Me } from '../../shared/user.ts';
import { coveringWindow, withWindow, type OfflineWindow, type WindowQuery } from './offline-windows.ts';

/**
 * The signed-in user's offline copy, for reading the calendar when the API cannot be reached: their profile, their
 * calendars and the last OFFLINE_WINDOWS_MAX windows of events, under their tenant and user id. Only one user's copy
 * is kept: signing out deletes it, and another user's sign-in replaces it. No token is ever stored.
 *
 * In a top-level window it persists, in IndexedDB, with a pointer to whose copy it is in localStorage
 * (OFFLINE_USER_KEY), so that a reload while offline knows it before any token can be had. In a Teams or SharePoint
 * frame it lives in memory for the page only: the host owns the session there (the tab has no sign-out to delete a
 * stored copy with), and no service worker would bring the shell back offline; a connection lost while the tab is
 * open still leaves its events on screen.
 */

/** localStorage: whose offline copy this browser keeps, as JSON; no secret. */
export const OFFLINE_USER_KEY = 'company-calendar:offline-user';
const DATABASE = 'company-calendar-offline';
const COPIES = 'copies';
/** Copies of another shape (an older release's) are not read. */
const COPY_VERSION = 1;

interface OfflineUser {
  /** The session's key (a demo user's id, an MSAL account id): a reload finds its copy only through the same one. */
  sessionKey: string;
  tenantId: string;
  userId: string;
  name: string;
}

interface Stored<T> {
  data: T;
  fetchedAt: number;
}

interface OfflineCopy {
  version: typeof COPY_VERSION;
  me: Stored<Me>;
  calendars: Stored<Calendar[]> | null;
  windows: OfflineWindow[];
}

export type UserRef = Pick<Me, 'tenantId' | 'id'>;

interface CopyStore {
  get(key: string): Promise<OfflineCopy | undefined>;
  set(key: string, copy: OfflineCopy): Promise<void>;
  clear(): Promise<void>;
}

function indexedDbStore(): CopyStore {
  const database: UseStore = createStore(DATABASE, COPIES);
  return { get: (key) => get<OfflineCopy>(key, database), set: (key, copy) => set(key, copy, database), clear: () => clear(database) };
}

function memoryStore(): CopyStore {
  const copies = new Map<string, OfflineCopy>();
  return {
    get: async (key) => copies.get(key),
    set: async (key, copy) => void copies.set(key, copy),
    clear: async () => copies.clear(),
  };
}

let store: CopyStore | null = null;

/** Whether this page's offline copy outlives it (in IndexedDB), so that the app can start offline. */
export function offlineCopiesPersist(): boolean {
  return window.parent === window && typeof indexedDB !== 'undefined';
}

function copies(): CopyStore {
  store ??= offlineCopiesPersist() ? indexedDbStore() : memoryStore();
  return store;
}

function copyKey(user: UserRef): string {
  return `${user.tenantId}/${user.id}`;
}

function readPointer(): OfflineUser | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(OFFLINE_USER_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { sessionKey, tenantId, userId, name } = value as Record<string, unknown>;
    const fields = [sessionKey, tenantId, userId, name];
    return fields.every((field) => typeof field === 'string') ? ({ sessionKey, tenantId, userId, name } as OfflineUser) : null;
  } catch {
    return null;
  }
}

function writePointer(pointer: OfflineUser | null): void {
  try {
    if (pointer === null) window.localStorage.removeItem(OFFLINE_USER_KEY);
    else window.localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(pointer));
  } catch {
    // No storage: no offline copy to point at either.
  }
}

async function readCopy(user: UserRef): Promise<OfflineCopy | null> {
  const copy = await copies().get(copyKey(user));
  return copy?.version === COPY_VERSION && copy.me.data.id === user.id && copy.me.data.tenantId === user.tenantId ? copy : null;
}

// Writes go one after another: a user's first saves must not overtake the copy made for them at sign-in.
let writes: Promise<void> = Promise.resolve();

function queueWrite(write: () => Promise<void>): void {
  writes = writes.then(write).catch(() => undefined);
}

/** Changes the user's copy, when there is one. */
function changeCopy(user: UserRef, change: (copy: OfflineCopy) => OfflineCopy): void {
  queueWrite(async () => {
    const copy = await readCopy(user);
    if (copy) await copies().set(copyKey(user), change(copy));
  });
}

/** The API named the session's user: the copy is theirs from now on, and no one else's is kept. */
export function rememberSignedInUser(sessionKey: string, me: Me): void {
  if (offlineCopiesPersist()) writePointer({ sessionKey, tenantId: me.tenantId, userId: me.id, name: me.name });
  const stored = { data: me, fetchedAt: Date.now() };
  queueWrite(async () => {
    const copy = await readCopy(me);
    await copies().clear();
    await copies().set(copyKey(me), copy ? { ...copy, me: stored } : { version: COPY_VERSION, me: stored, calendars: null, windows: [] });
  });
}

/** Sign-out: the user's copy (the only one kept) and the pointer to it go. */
export function forgetSignedInUser(): void {
  if (offlineCopiesPersist()) writePointer(null);
  queueWrite(() => copies().clear());
}

/** The profile kept for this session's user, when the pointer names this very session. */
export async function offlineMe(sessionKey: string): Promise<Stored<Me> | null> {
  const pointer = offlineCopiesPersist() ? readPointer() : null;
  if (pointer?.sessionKey !== sessionKey) return null;
  return (await readCopy({ tenantId: pointer.tenantId, id: pointer.userId }).catch(() => null))?.me ?? null;
}

export function saveCalendars(user: UserRef, calendars: Calendar[]): void {
  changeCopy(user, (copy) => ({ ...copy, calendars: { data: calendars, fetchedAt: Date.now() } }));
}

export async function offlineCalendars(user: UserRef): Promise<Stored<Calendar[]> | null> {
  return (await readCopy(user).catch(() => null))?.calendars ?? null;
}

export function saveWindow(user: UserRef, query: WindowQuery, events: CalendarEvent[]): void {
  const viewed: OfflineWindow = { ...query, calendarIds: [...query.calendarIds].sort(), events, fetchedAt: Date.now() };
  changeCopy(user, (copy) => ({ ...copy, windows: withWindow(copy.windows, viewed) }));
}

export async function offlineWindow(user: UserRef, query: WindowQuery): Promise<Stored<CalendarEvent[]> | null> {
  const copy = await readCopy(user).catch(() => null);
  const found = copy && coveringWindow(copy.windows, query);
  return found ? { data: found.events, fetchedAt: found.fetchedAt } : null;
}

/** One event of the kept windows, by its feed id (an occurrence's is `{seriesId}:{recurrenceId}`), newest copy first. */
export async function offlineEvent(user: UserRef, eventId: string): Promise<Stored<CalendarEvent> | null> {
  for (const kept of (await readCopy(user).catch(() => null))?.windows ?? []) {
    const event = kept.events.find((candidate) => candidate.id === eventId);
    if (event) return { data: event, fetchedAt: kept.fetchedAt };
  }
  return null;
}
