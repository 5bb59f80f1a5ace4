import { createHash } from 'node:crypto';
import type { Container } from '@azure/cosmos';
import type { UserSettings, VersionedSettings } from '../../../shared/user-settings-schema.ts';
import { PreconditionFailedError, versionMatches, type Conditional, type UserKey, type UserSettingsRepository } from '../repository.ts';
import { CONFLICT_ATTEMPTS } from './conditional-write.ts';
import { codeOf, readDoc } from './cosmos-documents.ts';
import { withRetries } from './cosmos-retry.ts';

/** One document per person, in their tenant's partition (COSMOS_PARTITION_KEY_PATH). */
export const COSMOS_USER_SETTINGS_CONTAINER = 'userSettings';

interface SettingsDoc {
  id: string;
  tenantId: string;
  userId: string;
  settings: unknown;
  updatedAt: string;
  version: number;
  _etag?: string;
}

/** A document id for any user id: ids from an identity provider may hold characters Cosmos ids may not ('/', '#'). */
const docIdOf = (userId: string) => createHash('sha256').update(userId).digest('base64url');

/** Whether a conditional write lost to another writer (its document changed, went or came meanwhile). */
const lost = (error: unknown) => [404, 409, 412].includes(codeOf(error) as number);

export class CosmosUserSettingsRepository implements UserSettingsRepository {
  private readonly container: Container;

  constructor(container: Container) {
    this.container = container;
  }

  async get({ tenantId, userId }: UserKey): Promise<{ values: unknown; version: number } | null> {
    const doc = await readDoc<SettingsDoc>(this.container.item(docIdOf(userId), tenantId));
    return doc ? { values: doc.settings, version: doc.version } : null;
  }

  /**
   * Read, check the version, then create (none yet) or replace with If-Match on the `_etag` read; a write that lost to
   * another reads again, and finds the version moved on (PreconditionFailedError) unless the other kept it.
   */
  async put({ tenantId, userId, values, expected }: UserKey & Conditional & { values: UserSettings }): Promise<VersionedSettings> {
    const item = this.container.item(docIdOf(userId), tenantId);
    for (let attempt = 0; attempt < CONFLICT_ATTEMPTS; attempt++) {
      const current = await readDoc<SettingsDoc>(item);
      const version = current?.version ?? 0;
      if (!versionMatches(expected, version)) throw new PreconditionFailedError();
      const next: SettingsDoc = { id: docIdOf(userId), tenantId, userId, settings: values, updatedAt: new Date().toISOString(), version: version + 1 };
      try {
        await withRetries(
          () => (current ? item.replace(next, { accessCondition: { type: 'IfMatch', condition: current._etag! } }) : this.container.items.create(next)),
          { idempotent: false },
        );
        return { values, version: next.version };
      } catch (error) {
        if (!lost(error)) throw error;
      }
    }
    throw new PreconditionFailedError();
  }
}
