import { defineConfig } from 'vitest/config';

const COSMOS_SETUP = './tests/support/cosmos-global-setup.ts';
// The attack suite (tests/security) runs inside the projects whose rig it needs, named by suffix.
const API_TESTS = ['tests/api/**/*.test.ts', 'tests/security/**/*.api.test.ts'];
const COSMOS_ONLY_API_TESTS = 'tests/api/cosmos-only/**';
// What only SQLite does (its file fills a disk; its purge runs in this process), left out of api-cosmos.
const SQLITE_ONLY_API_TESTS = 'tests/security/sqlite-only/**';
// Two files at a time, on the machines' two cores: Vitest's default there is one, and these files mostly wait on
// servers, SQLite files and the Cosmos DB protocol server (measured: unit 22 s to 16 s, API 44 s to 30 s, API on
// Cosmos 123 s to 84 s; three at a time gained nothing more).
const NODE_TEST_WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/security/**/*.unit.test.ts'], environment: 'node', maxWorkers: NODE_TEST_WORKERS },
      },
      // The store contract, run against SQLite and against a Cosmos DB protocol server.
      { test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node', globalSetup: [COSMOS_SETUP], testTimeout: 30_000 } },
      // Without tests/api/cosmos-only: what only Cosmos DB does (several instances over one store).
      { test: { name: 'api', include: API_TESTS, exclude: [COSMOS_ONLY_API_TESTS], environment: 'node', testTimeout: 20_000, maxWorkers: NODE_TEST_WORKERS } },
      // The same API suite once more, end to end over the Cosmos store.
      {
        test: {
          name: 'api-cosmos',
          include: API_TESTS,
          exclude: [SQLITE_ONLY_API_TESTS],
          environment: 'node',
          env: { TEST_STORE: 'cosmos' },
          globalSetup: [COSMOS_SETUP],
          maxWorkers: NODE_TEST_WORKERS,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/security/**/*.browser.test.ts'],
          environment: 'node',
          // Two files at a time on the machines' two cores: the tests mostly wait on Chromium and the server, and the
          // suite takes about two thirds of the time it takes one file at a time.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A real browser on a shared two-core machine: polls wait for what a person would, not Vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
