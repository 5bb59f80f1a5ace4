import type { Container } from '@azure/cosmos';
import type { ChangeVersions, InTenant } from '../repository.ts';
import { codeOf, readDoc } from './cosmos-documents.ts';
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

/**
 * Counts a write to this container, after the write and before it is acknowledged. incr is atomic on the server, so
 * writers on several instances each add one. A bump that may or may not have landed is simply tried again: one extra
 * only invalidates cached feeds once more. A tenant's first value is the clock's ms (see SqliteChangeVersions).
 */
export async function bumpChanges(container: Container, tenantId: string): Promise<void> {
  const item = container.item(CHANGES_DOC_ID, tenantId);
  const increment = () => withRetries(() => item.patch([{ op: 'incr', path: '/changeVersion', value: 1 }]), { idempotent: true });
  try {
    await increment();
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
    await increment();
  }
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
    const counters = await Promise.all(this.containers.map((container) => readCounter(container, tenantId)));
    return counters.join('.');
  }
}
