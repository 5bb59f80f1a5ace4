import { randomUUID } from 'node:crypto';
import { CosmosClient } from '@azure/cosmos';
import { describe, expect, it } from 'vitest';
import { COSMOS_CATEGORIES_CONTAINER } from '../../src/api/stores/cosmos/cosmos-categories.ts';
import {
  calendarCategoriesQuery,
  calendarCategoryIdsQuery,
  categoriesQuery,
  categoryEventCountQuery,
  categoryEventsQuery,
} from '../../src/api/stores/cosmos/cosmos-queries.ts';
import { openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import { normaliseEvent } from '../../src/shared/event-schema.ts';
import { cosmosOptions } from './store-factories.ts';

const TENANT = 'tenant-cosmos-categories';
const ACTOR = { id: 'author', name: 'Author' };
const DELETER = { id: 'admin', name: 'Admin' };

describe('Cosmos category queries (asserted on query text and options: the protocol server ignores the partitionKey option)', () => {
  it('target the tenant’s partition, both in the WHERE clause and as the partitionKey option', () => {
    const queries = [categoriesQuery(TENANT), calendarCategoriesQuery(TENANT, 'cal'), calendarCategoryIdsQuery(TENANT, 'cal'), categoryEventsQuery(TENANT, 'cat'), categoryEventCountQuery(TENANT, 'cal', 'cat')];
    for (const query of queries) {
      expect(query.partitionKey).toBe(TENANT);
      expect(query.spec.query).toContain('c.tenantId = @tenantId');
      expect(query.spec.parameters).toContainEqual({ name: '@tenantId', value: TENANT });
    }
  });
});

describe('the Cosmos store’s categories', () => {
  it('leaves the category invisible and its name free when a delete dies after marking it, and the next start-up finishes it', async () => {
    const database = `category-crash-${randomUUID()}`;
    const running = await openCosmosStore(cosmosOptions(database));
    const calendarId = (await running.calendars.create({ tenantId: TENANT, input: { name: 'Crashy', color: '#000000', description: '', editors: [] }, actor: ACTOR })).id;
    const doomed = await running.categories.create({ tenantId: TENANT, calendarId, input: { name: 'Doomed', color: '#D13438', icon: 'Alert' }, actor: ACTOR });
    const drafted = normaliseEvent({ title: 'Tagged', start: '2027-04-01', extendedProps: { categoryId: doomed.id } });
    if (!drafted.ok) throw new Error('bad draft');
    const event = await running.events.create({ tenantId: TENANT, calendarId, draft: drafted.draft, actor: ACTOR });

    // What the first step of a delete leaves behind if the process dies right after it: the category marked.
    const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    const categories = client.database(database).container(COSMOS_CATEGORIES_CONTAINER);
    const { resource } = await categories.item(doomed.id, TENANT).read();
    await categories.item(doomed.id, TENANT).replace({ ...resource, deleting: true, deletedBy: DELETER, nameKey: doomed.id });

    const key = { tenantId: TENANT, calendarId, categoryId: doomed.id };
    expect(await running.categories.get(key)).toBeNull();
    expect(await running.categories.list({ tenantId: TENANT })).toEqual([]);
    expect(await running.categories.listByCalendar({ tenantId: TENANT, calendarId })).toEqual([]);
    await expect(running.categories.update({ ...key, patch: { name: 'Revived', color: undefined, icon: undefined }, expected: null, actor: ACTOR })).rejects.toThrow();
    // Its name is free at once.
    const successor = await running.categories.create({ tenantId: TENANT, calendarId, input: { name: 'doomed', color: '#000000', icon: 'Flag' }, actor: ACTOR });
    const versionBefore = await running.changes.version({ tenantId: TENANT });
    await running.close();

    const restarted = await openCosmosStore({ ...cosmosOptions(database), createResources: false });
    expect(await restarted.changes.version({ tenantId: TENANT })).not.toBe(versionBefore);
    expect(await restarted.events.get({ tenantId: TENANT, calendarId, eventId: event.id })).toMatchObject({ extendedProps: { categoryId: '', version: 2, updatedBy: DELETER } });
    expect((await categories.item(doomed.id, TENANT).read()).resource).toBeUndefined();
    expect(await restarted.categories.list({ tenantId: TENANT })).toEqual([successor]);
    await restarted.close();
    client.dispose();
  });
});
