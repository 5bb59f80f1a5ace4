// The Cosmos store's window query against one raw parameterised query through @azure/cosmos, on the local protocol server.
import { CosmosClient, type Container } from '@azure/cosmos';
import { createHttpServer } from '@vercel/cosmosdb-server';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { toEventDoc } from '../../src/api/stores/cosmos/cosmos-event-docs.ts';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import { LOCAL_COSMOS_KEY } from '../support/cosmos-server.ts';
import { benchRecord, CALENDARS, LONGEST_EVENT_MS, monthWindow } from './bench-data.ts';
import { interleave, timed, type Comparison } from './measure.ts';
import { SYSTEM_ACTOR } from '../../src/api/stores/change-entries.ts';

const TENANT = 'bench';
const DATABASE = 'bench';
const LOAD_BATCH = 50;
const RAW_LIMIT = 'one raw parameterised query, same container, unsorted';

/** The same documents in one round trip: timed events overlapping the window, bounded below by the longest event known up front. */
function rawWindowQuery(events: Container) {
  return async (calendarIds: readonly string[], window: EventWindow) => {
    const query = {
      query:
        'SELECT * FROM c WHERE c.tenantId = @tenantId AND ARRAY_CONTAINS(@calendarIds, c.calendarId) AND ' +
        '((c.allDay = false AND c.startMs >= @lowest AND c.startMs < @to AND c["endMs"] > @from) OR ' +
        '(c.allDay = true AND c.startMs >= @lowestDay AND c.startMs < @toDay AND c["endMs"] > @fromDay))',
      parameters: [
        { name: '@tenantId', value: TENANT },
        { name: '@calendarIds', value: [...calendarIds] },
        { name: '@lowest', value: window.fromMs - LONGEST_EVENT_MS },
        { name: '@from', value: window.fromMs },
        { name: '@to', value: window.toMs },
        // The bench has no all-day events: the bound need not be their longest.
        { name: '@lowestDay', value: window.fromDayMs },
        { name: '@fromDay', value: window.fromDayMs },
        { name: '@toDay', value: window.toDayMs },
      ],
    };
    return (await events.items.query(query, { partitionKey: TENANT }).fetchAll()).resources;
  };
}

/** Documents straight into the container, as the store writes them; then each calendar's longest event. */
async function load(client: CosmosClient, calendarIds: readonly string[], count: number): Promise<Container> {
  const events = client.database(DATABASE).container(COSMOS_EVENTS_CONTAINER);
  const now = new Date().toISOString();
  for (let batch = 0; batch < count; batch += LOAD_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(LOAD_BATCH, count - batch) }, (_, j) =>
        events.items.create(toEventDoc(TENANT, benchRecord(calendarIds[(batch + j) % CALENDARS]!, batch + j, now))),
      ),
    );
  }
  const calendars = client.database(DATABASE).container('calendars');
  for (const id of calendarIds) {
    const { resource } = await calendars.item(id, TENANT).read();
    await calendars.item(id, TENANT).replace({ ...resource, longestTimedMs: LONGEST_EVENT_MS });
  }
  return events;
}

/** The Cosmos store against the local protocol server (in this process, plain HTTP on loopback). */
export async function benchCosmos(count: number, rounds: number): Promise<Comparison[]> {
  console.log(`cosmos: ${count} events on the local protocol server, a 6-week window`);
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const store = await openCosmosStore({ endpoint, key: LOCAL_COSMOS_KEY, database: DATABASE, createResources: true });
  const calendarIds: string[] = [];
  for (let i = 0; i < CALENDARS; i++) {
    calendarIds.push((await store.calendars.create({ tenantId: TENANT, input: { name: `C${i}`, color: '#000000', description: '', editors: [] }, actor: SYSTEM_ACTOR })).id);
  }
  const client = new CosmosClient({ endpoint, key: LOCAL_COSMOS_KEY, connectionPolicy: { enableEndpointDiscovery: false } });
  const raw = rawWindowQuery(await load(client, calendarIds, count));
  const window = monthWindow();
  const one = [calendarIds[0]!];
  const found = (await store.events.listInWindow({ tenantId: TENANT, calendarIds, window, limit: Number.MAX_SAFE_INTEGER })).length;
  if ((await raw(calendarIds, window)).length !== found) throw new Error('the raw query does not return the store’s documents');
  const label = `cosmos ${count / 1000}k events`;
  const comparisons = [
    await interleave({
      figure: `${label}, ${CALENDARS} calendars, ${found} docs`,
      limit: RAW_LIMIT,
      rounds,
      warmup: 3,
      ours: timed(() => store.events.listInWindow({ tenantId: TENANT, calendarIds, window, limit: Number.MAX_SAFE_INTEGER })),
      bare: timed(() => raw(calendarIds, window)),
    }),
    await interleave({
      figure: `${label}, 1 calendar, ${(await raw(one, window)).length} docs`,
      limit: RAW_LIMIT,
      rounds,
      warmup: 3,
      ours: timed(() => store.events.listInWindow({ tenantId: TENANT, calendarIds: one, window, limit: Number.MAX_SAFE_INTEGER })),
      bare: timed(() => raw(one, window)),
    }),
  ];
  await store.close();
  client.dispose();
  server.close();
  return comparisons;
}
