import type { Config } from '../config.ts';
import type { Store } from './repository.ts';
import { openSqliteStore } from './sqlite/sqlite-store.ts';

/** The store the configuration names: SQLite in the data directory by default, or Cosmos DB. */
export async function openStore(config: Config): Promise<Store> {
  if (config.store.kind === 'sqlite') return openSqliteStore({ dataDir: config.dataDir, maxSizeBytes: config.store.maxSizeBytes });
  // Loaded only when used: the embedded default does not pay for the Cosmos SDK.
  const { openCosmosStore } = await import('./cosmos/cosmos-store.ts');
  return openCosmosStore(config.store);
}
