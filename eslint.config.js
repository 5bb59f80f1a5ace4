import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const features = readdirSync(`${root}/src/web/features`);

// The SDKs a store is written against: only src/api/stores may reach them. The TypeScript resolver lands in a
// package's own folder or in its @types (@azure/cosmos's being @types/azure__cosmos), so both are closed.
const sdkPaths = (names) => names.flatMap((name) => [`node_modules/${name}`, `node_modules/@types/${name.replace(/^@(.+)\//, '$1__')}`]);
const STORE_SDKS = sdkPaths(['better-sqlite3', '@azure/cosmos', '@azure/identity']);

/** Props whose text people read or hear: labels, titles, tooltips, placeholders, descriptions. */
const USER_FACING_PROPS = '(label|title|aria-label|aria-description|placeholder|alt|content|hint|validationMessage|detail)';
/** Components whose words are not yet in the message catalogues (issue 10): this list only shrinks. */
const UNTRANSLATED_COMPONENTS = [
];

/** Architecture boundaries, by resolved path so that no relative spelling slips past. */
const boundaryZones = [
  {
    target: ['src/api/*.ts', 'src/api/!(stores|graph)/**'],
    from: ['src/api/stores/sqlite', 'src/api/stores/cosmos', ...STORE_SDKS],
    message: 'Outside src/api/stores, reach the store through the Store interface (stores/repository.ts, stores/open-store.ts).',
  },
  {
    // The Graph client's on-behalf-of exchange proves the app with its managed identity (@azure/identity), and no more.
    target: 'src/api/graph',
    from: ['src/api/stores/sqlite', 'src/api/stores/cosmos', ...sdkPaths(['better-sqlite3', '@azure/cosmos'])],
    message: 'Outside src/api/stores, reach the store through the Store interface (stores/repository.ts, stores/open-store.ts).',
  },
  {
    target: 'src/api/stores',
    from: ['src/api/auth', 'src/api/routes', 'src/api/plugins'],
    message: 'Stores persist; they know nothing of auth, routes or plugins.',
  },
  ...features.map((feature) => ({
    target: `src/web/features/${feature}`,
    from: 'src/web/features',
    except: [`./${feature}`],
    message: 'Feature folders do not import each other: move what both need into lib/ or components/.',
  })),
  {
    target: 'src/web/features',
    from: 'src/web/app',
    message: 'Features do not import the app shell; the app imports them.',
  },
  {
    target: ['src/web/lib', 'src/web/components', 'src/web/host', 'src/web/auth', 'src/web/i18n'],
    from: ['src/web/features', 'src/web/app'],
    message: 'lib/, components/, host/ and auth/ sit below the features and the app shell.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One-way imports: shared code knows nothing of the API or the web app, and they know nothing of each other.
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/api/**', '**/web/**'] }] },
  },
  {
    files: ['src/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/api/**'] }] },
  },
  {
    files: ['src/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Modules to follow when looking for cycles: TypeScript ones, read by the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // Type-only imports are erased and not counted; a dynamic import() closing a loop is.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The app's words come from its message catalogues (src/web/i18n): no text written into a component's markup
    // or into the props people read. Files still to move their words into catalogues are listed, and only shrink.
    files: ['src/web/**/*.tsx'],
    ignores: UNTRANSLATED_COMPONENTS.map((file) => `src/web/${file}`),
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': ['error', { props: { include: [['*', USER_FACING_PROPS]] } }],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-plurals': 'error',
    },
  },
);
