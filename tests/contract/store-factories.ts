import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import { openSqliteStore } from '../../src/api/stores/sqlite/sqlite-store.ts';

export interface OpenedStore {
  store: Store;
  /** A second store over the same data: another process, or the same one after a restart. */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

export type StoreFactory = () => Promise<OpenedStore>;

export function cosmosOptions(database: string) {
  return { endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, database, createResources: true };
}

export const STORE_FACTORIES: [string, StoreFactory][] = [
  [
    'sqlite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-contract-'));
      const opened: Store[] = [openSqliteStore({ dataDir })];
      return {
        store: opened[0]!,
        reopen: async () => {
          const again = openSqliteStore({ dataDir });
          opened.push(again);
          return again;
        },
        dispose: async () => {
          for (const store of opened) await store.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'cosmos',
    async () => {
      const database = `contract-${randomUUID()}`;
      const opened: Store[] = [await openCosmosStore(cosmosOptions(database))];
      return {
        store: opened[0]!,
        reopen: async () => {
          const again = await openCosmosStore(cosmosOptions(database));
          opened.push(again);
          return again;
        },
        dispose: async () => {
          for (const store of opened) await store.close();
        },
      };
    },
  ],
];
