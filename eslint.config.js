import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        // From features/<name>/<folder>/file: '../../<other>/...' is another feature; '../../../shared/...' is allowed.
        { patterns: [{ group: ['**/app/**'] }, { regex: '^\\.\\./\\.\\./(?!\\.\\./)', message: 'Features do not import each other; move what they share to shared/.' }] },
      ],
    },
  },
  {
    // The engine is pure: nothing of ours, no I/O.
    files: ['packages/engine/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@teamcast/*', 'node:*', 'fs', 'path'] }] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: ['@teamcast/*', 'node:*'] }] },
  },
);
