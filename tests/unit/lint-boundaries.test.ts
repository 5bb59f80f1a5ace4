import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, run on snippets at virtual paths: the rules must bite, not only be configured.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'import-x/no-restricted-paths', 'import-x/no-cycle']);
// The first lint loads the TypeScript resolver and parses the modules a snippet reaches.
const LINT_TIMEOUT_MS = 60_000;

/** The boundary rules a snippet breaks at filePath (relative to the project), after checking ESLint linted it at all. */
async function boundaryRulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A parse error or "file ignored" comes without a rule id: either would make every case pass vacuously.
  expect(result?.messages.filter((message) => message.ruleId === null)).toEqual([]);
  return [...new Set(result?.messages.map((message) => message.ruleId ?? '').filter((rule) => BOUNDARY_RULES.has(rule)))];
}

const forbidden: [string, string, string, string][] = [
  ['shared importing the API', 'src/shared/new-module.ts', "import '../api/errors.ts';", 'no-restricted-imports'],
  ['shared importing the web app', 'src/shared/new-module.ts', "import '../web/lib/date-span.ts';", 'no-restricted-imports'],
  ['the web app importing the API', 'src/web/lib/new-module.ts', "import '../../api/errors.ts';", 'no-restricted-imports'],
  ['the API importing the web app', 'src/api/new-module.ts', "import '../web/lib/date-span.ts';", 'no-restricted-imports'],
  ['a route importing the SQLite store', 'src/api/routes/new-route.ts', "import '../stores/sqlite/sqlite-store.ts';", 'import-x/no-restricted-paths'],
  ['a route importing the Cosmos store', 'src/api/routes/new-route.ts', "import '../stores/cosmos/cosmos-queries.ts';", 'import-x/no-restricted-paths'],
  ['a route importing better-sqlite3', 'src/api/routes/new-route.ts', "import Database from 'better-sqlite3';\nexport { Database };", 'import-x/no-restricted-paths'],
  ['a route importing Cosmos types', 'src/api/routes/new-route.ts', "import type { Container } from '@azure/cosmos';\nexport type { Container };", 'import-x/no-restricted-paths'],
  ['a route importing @azure/identity', 'src/api/routes/new-route.ts', "import '@azure/identity';", 'import-x/no-restricted-paths'],
  ['a plugin importing an SDK', 'src/api/plugins/app/new-plugin.ts', "import '@azure/cosmos';", 'import-x/no-restricted-paths'],
  ['the Graph client importing a store SDK', 'src/api/graph/new-module.ts', "import '@azure/cosmos';", 'import-x/no-restricted-paths'],
  ['the app module importing a store implementation', 'src/api/app.ts', "import './stores/sqlite/sqlite-store.ts';", 'import-x/no-restricted-paths'],
  ['a store importing auth', 'src/api/stores/sqlite/new-module.ts', "import '../../auth/principal.ts';", 'import-x/no-restricted-paths'],
  ['a store importing a route', 'src/api/stores/new-module.ts', "import '../routes/health.ts';", 'import-x/no-restricted-paths'],
  ['a store importing a plugin', 'src/api/stores/cosmos/new-module.ts', "import '../../plugins/app/store.ts';", 'import-x/no-restricted-paths'],
  ['a feature importing another feature', 'src/web/features/events/components/new-view.tsx', "import '../../calendars/lib/calendar-form-values.ts';", 'import-x/no-restricted-paths'],
  ['a feature importing the app shell', 'src/web/features/calendar/components/new-view.tsx', "import '../../../app/query-client.ts';", 'import-x/no-restricted-paths'],
  ['lib importing a feature', 'src/web/lib/new-module.ts', "import '../features/events/lib/event-messages.ts';", 'import-x/no-restricted-paths'],
  ['components importing the app shell', 'src/web/components/new-component.tsx', "import '../app/query-client.ts';", 'import-x/no-restricted-paths'],
  ['host importing a feature', 'src/web/host/new-module.ts', "import '../features/calendar/hooks/use-calendar-locale.ts';", 'import-x/no-restricted-paths'],
  ['auth importing the app shell', 'src/web/auth/new-module.ts', "import '../app/query-client.ts';", 'import-x/no-restricted-paths'],
];

const allowed: [string, string, string][] = [
  ['a route importing the Store interface and its wiring', 'src/api/routes/new-route.ts', "import type { Store } from '../stores/repository.ts';\nimport '../stores/open-store.ts';\nexport type { Store };"],
  ['the store wiring importing both implementations', 'src/api/stores/new-wiring.ts', "import './sqlite/sqlite-store.ts';\nimport './cosmos/cosmos-store.ts';"],
  ['the SQLite store importing better-sqlite3', 'src/api/stores/sqlite/new-module.ts', "import Database from 'better-sqlite3';\nexport { Database };"],
  ['the Cosmos store importing its SDKs', 'src/api/stores/cosmos/new-module.ts', "import '@azure/cosmos';\nimport '@azure/identity';"],
  ['the Graph client importing @azure/identity (its managed identity)', 'src/api/graph/new-module.ts', "import '@azure/identity';"],
  ['a store importing shared schemas', 'src/api/stores/new-module.ts', "import '../../shared/event-schema.ts';"],
  ['a test importing a store implementation', 'tests/contract/new-factory.ts', "import '../../src/api/stores/sqlite/sqlite-store.ts';"],
  ['a feature importing its own folder', 'src/web/features/events/components/new-view.tsx', "import '../lib/event-messages.ts';"],
  [
    'a feature importing lib, components, host, auth and shared',
    'src/web/features/events/components/new-view.tsx',
    [
      "import '../../../lib/date-span.ts';",
      "import '../../../components/color-swatch.tsx';",
      "import '../../../host/event-link.ts';",
      "import '../../../auth/auth-context.ts';",
      "import '../../../../shared/limits.ts';",
    ].join('\n'),
  ],
  ['the app shell importing a feature', 'src/web/app/new-page.tsx', "import '../features/calendar/components/calendar-view.tsx';"],
  // Type-only imports are erased at build time, so no module waits on another at run time.
  ['a type-only import back along a chain', 'src/web/lib/api-client.ts', "import type { FieldErrors } from './form-errors.ts';\nexport type { FieldErrors };"],
];

const cycles: [string, string, string][] = [
  // time.ts imports limits.ts.
  ['a static import back', 'src/shared/limits.ts', "import './time.ts';"],
  // recurrence-rule.ts imports time.ts, which imports limits.ts.
  ['a static import back through two modules', 'src/shared/limits.ts', "import './recurrence-rule.ts';"],
  // form-errors.ts imports api-client.ts.
  ['a dynamic import back', 'src/web/lib/api-client.ts', "export const load = () => import('./form-errors.ts');"],
  // The cycle issue 8 named: teams-token-source.ts loads nested-app-token-source.ts with import().
  ['the sign-in modules importing each other', 'src/web/auth/nested-app-token-source.ts', "import { createHostSignIn } from './teams-token-source.ts';\nexport { createHostSignIn };"],
];

describe('lint rules for the architecture boundaries', { timeout: LINT_TIMEOUT_MS }, () => {
  it.each(forbidden)('report %s', async (_name, filePath, code, rule) => {
    expect(await boundaryRulesBroken(filePath, code)).toEqual([rule]);
  });

  it.each(allowed)('allow %s', async (_name, filePath, code) => {
    expect(await boundaryRulesBroken(filePath, code)).toEqual([]);
  });

  it.each(cycles)('report an import cycle: %s', async (_name, filePath, code) => {
    expect(await boundaryRulesBroken(filePath, code)).toEqual(['import-x/no-cycle']);
  });

  it('find no cycle among the sign-in modules as they are', async () => {
    const files = ['msal-configuration.ts', 'teams-token-source.ts', 'nested-app-token-source.ts'].map((name) => `src/web/auth/${name}`);
    const results = await eslint.lintFiles(files);
    expect(results).toHaveLength(files.length);
    expect(results.flatMap((result) => result.messages.map((message) => message.ruleId))).toEqual([]);
  });
});
