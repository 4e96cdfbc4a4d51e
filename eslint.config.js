// ESLint flat config: type-aware rules everywhere, and the one-way import boundaries of
// ARCHITECTURE.md (shared imports nothing of client/server; server nothing of client or sw;
// only client/offline touches Dexie; only client/api calls fetch).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const boundary = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'data/', 'node_modules/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.server.json',
          './tsconfig.client.json',
          './sw/tsconfig.json',
          './tsconfig.tests.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify hooks and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary([
        {
          group: ['#server/*', '**/server/**', '**/sw/**'],
          message: 'The client imports nothing of the server or the worker.',
        },
        { group: ['dexie', 'dexie-react-hooks'], message: 'Only client/offline touches Dexie.' },
      ]),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only client/api calls fetch.' },
      ],
    },
  },
  {
    files: ['src/client/offline/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': boundary([
        {
          group: ['#server/*', '**/server/**', '**/sw/**'],
          message: 'The client imports nothing of the server or the worker.',
        },
      ]),
    },
  },
  {
    files: ['src/client/api/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        {
          group: ['#client/*', '#server/*', '**/client/**', '**/server/**', '**/sw/**'],
          message: 'src/shared imports only zod and itself.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        {
          group: ['#client/*', '**/client/**', '**/sw/**', 'dexie', 'react', 'react-dom'],
          message: 'The server imports nothing of the client or the worker.',
        },
      ]),
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': boundary([
        {
          group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
          message: 'The worker imports only src/shared and workbox.',
        },
      ]),
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
