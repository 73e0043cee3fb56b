// ESLint flat config. Module boundaries (libs never import services, services never import
// each other, the console only browser-safe libs) are enforced through Nx project tags, see each
// package.json "nx.tags". The house rules of tools/eslint-rules are Nx workspace rules (`@nx/workspace-<rule>`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

// Libs never import services, services never each other; the console's browser bundle only libs tagged browser-safe.
const DEP_CONSTRAINTS = [
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // The browser bundle: only libs tagged browser-safe (contracts' browser subpaths, errors, geo).
  { sourceTag: 'scope:console', onlyDependOnLibsWithTags: ['platform:browser'] },
];
const boundaries = (depConstraints) => ({ enforceBuildableLibDependency: false, allow: [], depConstraints });

// What the console may import from the libs: the browser-safe entries only (no Node, no NestJS).
const CONSOLE_LIBS = ['@openfleet/contracts', '@openfleet/contracts/*', '@openfleet/errors', '@openfleet/geo'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.infra/**', 'data/**', '.nx/**', 'coverage/**', 'console/node_modules/**', 'console/dist/**', 'console/public/**', '**/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries(DEP_CONSTRAINTS)],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // House rules (tools/eslint-rules, docs/architecture.md "House rules").
      '@nx/workspace-china-time-through-helper': 'error',
      '@nx/workspace-inject-repository-own-data-source': 'error',
      '@nx/workspace-stored-file-through-helper': 'error',
    },
  },
  {
    // Specs may write the offset to check the helper against an independent value.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.spec.tsx'],
    rules: { '@nx/workspace-china-time-through-helper': 'off' },
  },
  {
    files: ['console/**/*.tsx'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    // The browser bundle (e2e/ and bench/ are Node harnesses that start the platform).
    files: ['console/src/**/*.ts', 'console/src/**/*.tsx'],
    rules: {
      '@nx/workspace-typed-redux-hooks': 'error',
      // Paths inside a lib reach past its browser-safe entries: import the package subpath instead.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@openfleet/*', ...CONSOLE_LIBS.map((name) => `!${name}`)], message: 'The console imports only browser-safe libs: ' + CONSOLE_LIBS.join(', ') },
            { group: ['**/libs/*/src/**', '**/services/**'], message: 'Import a lib by its package subpath (@openfleet/contracts/<feature>), never by a path into its sources.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(
        ['require', 'process', '__dirname', 'console', 'Buffer', 'URL', 'performance', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']
          .map((name) => [name, 'readonly'])
          .concat([['module', 'writable']]),
      ),
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The console's e2e and bench harnesses run in Node: they start the platform and its simulators.
    files: ['console/e2e/**', 'console/bench/**'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaries(DEP_CONSTRAINTS.filter((each) => each.sourceTag !== 'scope:console'))] },
  },
  {
    // jest.mock factories are hoisted above the imports, so they require their module.
    files: ['console/src/**/*.spec.ts', 'console/src/**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The console's jest helpers run in jsdom.
    files: ['console/**/*.js'],
    languageOptions: { globals: { window: 'readonly', globalThis: 'readonly' } },
  },
  prettier,
);
