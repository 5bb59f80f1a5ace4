import { randomUUID } from 'node:crypto';
import type { Container } from '@azure/cosmos';
import { CalendarTrashedError, NameTakenError, NotFoundError, PreconditionFailedError, type ChangeVersions, type InTenant } from '../repository.ts';
import { codeOf, readDoc } from './cosmos-documents.ts';
import { detached } from './cosmos-deadline.ts';
import { withRetries } from './cosmos-retry.ts';

/**
 * The id of a tenant's change counter: one document in each container, in the tenant's partition. Calendars and
 * events never take it (their ids are UUIDs), and the store's reads and queries leave it out.
 */
export const CHANGES_DOC_ID = 'tenant-changes';

interface ChangesDoc {
  id: string;
  tenantId: string;
  changeVersion: number;
}

export const isChangesDoc = (doc: { id: string }): boolean => doc.id === CHANGES_DOC_ID;

/** The first wait before a bump that failed after its write is tried again in the background; doubled each time after. */
export const BUMP_RETRY_BASE_MS = 500;
/** The longest wait between two tries of such a bump. */
export const BUMP_RETRY_MAX_MS = 30_000;

/**
 * The tenants whose bump, in this container, failed after their write landed and is being tried again in the
 * background. While a tenant is here its version is never the same twice (see CosmosChangeVersions), so that nothing
 * cached under it is served.
 */
const unsettled = new WeakMap<Container, Map<string, NodeJS.Timeout>>();

function unsettledOf(container: Container): Map<string, NodeJS.Timeout> {
  let tenants = unsettled.get(container);
  if (!tenants) unsettled.set(container, (tenants = new Map()));
  return tenants;
}

/** Whether any of the containers has a bump of the tenant still to land. */
export function isUnsettled(containers: readonly Container[], tenantId: string): boolean {
  return containers.some((container) => unsettled.get(container)?.has(tenantId));
}

/** The containers of closed stores: their bumps are tried no more. */
const stopped = new WeakSet<Container>();

/** Stops the background tries (the store is closing): what they would have bumped the next write bumps. */
export function stopBumpRetries(containers: readonly Container[]): void {
  for (const container of containers) {
    stopped.add(container);
    for (const timer of unsettled.get(container)?.values() ?? []) clearTimeout(timer);
    unsettled.delete(container);
  }
}

async function increment(container: Container, tenantId: string): Promise<void> {
  const item = container.item(CHANGES_DOC_ID, tenantId);
  const incr = () => withRetries(() => item.patch([{ op: 'incr', path: '/changeVersion', value: 1 }]), { idempotent: true });
  try {
    await incr();
    return;
  } catch (error) {
    if (codeOf(error) !== 404) throw error;
  }
  const first: ChangesDoc = { id: CHANGES_DOC_ID, tenantId, changeVersion: Date.now() };
  try {
    await withRetries(() => container.items.create(first), { idempotent: false });
  } catch (error) {
    // Another writer made the counter first: count this write on it.
    if (codeOf(error) !== 409) throw error;
    await incr();
  }
}

/** Tries the bump again, later and later, until it lands; outside the call that failed it, so its deadline is not this one's. */
function retryInBackground(container: Container, tenantId: string, waitMs: number): void {
  if (stopped.has(container)) return;
  const tenants = unsettledOf(container);
  const timer = setTimeout(() => {
    void detached(() => increment(container, tenantId)).then(
      () => tenants.delete(tenantId),
      () => retryInBackground(container, tenantId, Math.min(waitMs * 2, BUMP_RETRY_MAX_MS)),
    );
  }, waitMs);
  timer.unref();
  tenants.set(tenantId, timer);
}

/**
 * Counts a write to this container, after the write and before it is acknowledged. incr is atomic on the server, so
 * writers on several instances each add one. A bump that may or may not have landed is simply tried again: one extra
 * only invalidates cached feeds once more. A tenant's first value is the clock's ms (see SqliteChangeVersions).
 *
 * The write it counts has landed, so a bump that still fails never fails the write (that would answer "try again" for
 * a change that is stored, and a retry would make it twice): it goes on in the background until it lands, and until
 * then the tenant's version changes at every read on this instance (CosmosChangeVersions), so nothing cached is served
 * here. Other instances serve their cached bodies until it lands (data-design.md, Change versions).
 */
export async function bumpChanges(container: Container, tenantId: string): Promise<void> {
  if (unsettledOf(container).has(tenantId)) return;
  try {
    await increment(container, tenantId);
  } catch {
    retryInBackground(container, tenantId, BUMP_RETRY_BASE_MS);
  }
}

// A write refused for what it asked (not found, stale, taken) wrote nothing: no bump is owed for it.
const REFUSALS = [NotFoundError, PreconditionFailedError, CalendarTrashedError, NameTakenError];

/**
 * A write, then its bump. A write that failed otherwise may have landed with its answer lost (a reset, a deadline): its
 * bump is owed all the same, before the failure is answered when the store still answers (a reset), else in the
 * background (see bumpChanges), so that no cached body hides it.
 */
export async function countedWrite<T>(container: Container, tenantId: string, write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    if (!REFUSALS.some((refusal) => error instanceof refusal)) await bumpChanges(container, tenantId);
    throw error;
  }
  await bumpChanges(container, tenantId);
  return result;
}

async function readCounter(container: Container, tenantId: string): Promise<number> {
  return (await readDoc<ChangesDoc>(container.item(CHANGES_DOC_ID, tenantId)))?.changeVersion ?? 0;
}

/**
 * A tenant's change version on Cosmos: the counters of the containers its data lives in (calendars, events,
 * categories), read with one point read each, at once.
 *
 * Why a counter in each container: at Session consistency another instance's write is not guaranteed to be on the
 * replica a read reaches. The SDK sends the session token of the last response it had from a container with every
 * later request to it, and a replica answers only once it has caught up to that token. Each container's counter is
 * bumped after the writes to that container, so once a reader has read a counter, its later reads of that container
 * see every write counted in it; one counter for all containers would vouch for only one of them.
 *
 * The order is what keeps cached feeds fresh: a writer writes its data, then bumps, then acknowledges; a reader reads
 * the version, then the data. A body built after reading version V holds every write acknowledged before V was read,
 * and perhaps newer ones not yet counted, which a later bump invalidates.
 */
export class CosmosChangeVersions implements ChangeVersions {
  private readonly containers: readonly Container[];

  constructor(containers: readonly Container[]) {
    this.containers = containers;
  }

  async version({ tenantId }: InTenant): Promise<string> {
    const counters = (await Promise.all(this.containers.map((container) => readCounter(container, tenantId)))).join('.');
    // A bump still to land: a version never seen before, each time, so no cached body is served on this instance.
    return isUnsettled(this.containers, tenantId) ? `${counters}.unsettled-${randomUUID()}` : counters;
  }
}
