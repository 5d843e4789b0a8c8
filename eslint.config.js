import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Messages of the boundary rules (docs/STYLE.md, habits 2 and 13; docs/ARCHITECTURE.md, allowed imports). */
export const BOUNDARY_MESSAGES = {
  sql: 'Only repositories touch SQL: move the query into a *.repository.ts of this module and call it.',
  repository: "A module uses another through its service, never its repository: call the other module's service.",
  feature: 'Features do not import each other; move what they share to shared/.',
  engine: 'The engine is pure: it imports nothing of ours and no I/O.',
};

const featureZones = [1, 2, 3].map((depth) => ({
  files: [`apps/web/src/features/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/app/**', '**/features/**'], message: BOUNDARY_MESSAGES.feature },
          { regex: `^(\\.\\./){${depth}}(?!\\.\\./)`, message: BOUNDARY_MESSAGES.feature },
        ],
      },
    ],
  },
}));

// Server modules: SQL (drizzle-orm, the table definitions, the drivers) only in repositories and the database core;
// another module's repository only from tests, which arrange their data directly.
const SQL_IMPORTS = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*', '**/db/schema', '**/db/schema/**'],
  message: BOUNDARY_MESSAGES.sql,
};
const OTHER_REPOSITORY = { regex: '^\\.\\./[\\w-]+/[\\w.-]+\\.repository(\\.ts)?$', message: BOUNDARY_MESSAGES.repository };
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.test-support.ts', 'apps/server/src/**/*.fixtures.ts', 'apps/server/src/test/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/src/db/migrations/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or handed to `void` with the reason beside it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A promise returned from inside try is awaited there, so its catch and finally see it settle (backup.test.ts
      // once stopped its server in finally while the returned request was still in flight).
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports flow one way: shared -> features -> app; features never import each other.
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }] },
  },
  // Features do not import each other (bulletproof-react's zones): a file n folders below features/ reaches features/
  // with n '../', so what follows is another feature; going further up and back into features/ is closed too.
  ...featureZones,
  {
    // The engine is pure: nothing of ours, no I/O.
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@teamcast/*', 'node:*', 'fs', 'path', '**/apps/**', '**/contracts/**'], message: BOUNDARY_MESSAGES.engine }] },
      ],
    },
  },
  {
    // Only repositories touch SQL (docs/STYLE.md, habit 2).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/core/db.ts', 'apps/server/src/db/**', ...SERVER_TESTS],
    rules: { 'no-restricted-imports': ['error', { patterns: [SQL_IMPORTS] }] },
  },
  {
    // Modules use each other through services (habit 13).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', ...SERVER_TESTS],
    rules: { 'no-restricted-imports': ['error', { patterns: [SQL_IMPORTS, OTHER_REPOSITORY] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_REPOSITORY] }] },
  },
  {
    // The service worker runs in its own global scope.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Module augmentation needs interfaces.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@teamcast/*', 'node:*', '**/apps/**', '**/engine/**'] }] },
  },
);
