// ESLint flat config: type-aware rules everywhere, and the one-way import boundaries of
// ARCHITECTURE.md (shared imports nothing of client/server; server nothing of client or sw;
// only client/offline touches Dexie; only client/api calls fetch).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

const boundary = (patterns) => ['error', { patterns }];

// Issue 21: every word a person reads goes through the translator, so no letters in JSX text
// and none in the attributes people read (aria-label, title, placeholder, alt). Punctuation,
// digits and symbols between elements are fine.
const LETTERS = /\p{L}/u;
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt']);
const i18nPlugin = {
  rules: {
    'no-literal-text': {
      meta: {
        type: 'problem',
        messages: {
          text: "Words people read go through the translator (t('…')), not JSX text.",
          attribute: "The {{name}} people read goes through the translator (t('…')).",
        },
        schema: [],
      },
      create(context) {
        const literal = (node) =>
          node?.type === 'Literal' && typeof node.value === 'string' && LETTERS.test(node.value);
        return {
          JSXText(node) {
            if (LETTERS.test(node.value)) context.report({ node, messageId: 'text' });
          },
          JSXExpressionContainer(node) {
            if (node.parent.type !== 'JSXAttribute' && literal(node.expression))
              context.report({ node, messageId: 'text' });
          },
          JSXAttribute(node) {
            const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
            const value =
              node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
            if (READ_ATTRIBUTES.has(name) && literal(value))
              context.report({ node, messageId: 'attribute', data: { name } });
          },
        };
      },
    },
  },
};

// The client folders whose words all go through the translator (issue 21): a folder joins
// when its screens are translated; at the end this is all of src/client.
const TRANSLATED = [
  'src/client/ui/**/*.tsx',
  'src/client/offline/**/*.tsx',
  'src/client/features/account/**/*.tsx',
  'src/client/features/notifications/**/*.tsx',
  'src/client/features/feedback/**/*.tsx',
  'src/client/features/admin{,-users,-orders,-applications,-feedback,-audit,-devices,-rounds,-cargo}/**/*.tsx',
  'src/client/features/volunteer{,-application}/**/*.tsx',
  'src/client/features/{ordering,orders}/**/*.tsx',
  'src/client/{shell,pages,features/landing}/**/*.tsx',
];

// The server's layer zones. A zone forbids its `target` files to import `from` files (except
// the `except` ones); globs are relative to the repository.
const server = (glob) => `src/server/${glob}`;
const serverLayers = [
  {
    target: server('db/**'),
    from: server('**'),
    except: ['**/src/server/db/**'],
    message: 'db/ imports no area: areas build on the database, not the other way.',
  },
  {
    target: server('**/*.types.ts'),
    from: server('**'),
    except: ['**/*.types.ts', '**/src/server/db/schema.ts'],
    message: 'A *.types.ts file holds types only: it imports other types and db/schema.ts.',
  },
  {
    target: server('**/*.repository.ts'),
    from: server('**'),
    except: ['**/*.repository.ts', '**/*.types.ts', '**/src/server/db/**'],
    message: 'A repository imports only db/, other repositories and *.types.ts.',
  },
  {
    target: server('**/*.service.ts'),
    from: [server('**/*.routes.ts'), server('plugins/**'), server('http/**')],
    message: 'A service knows no HTTP: it imports no route, plugin or http/ helper.',
  },
  {
    target: server('**/!(*.routes|app).ts'),
    from: server('**/*.routes.ts'),
    message: 'Only routes (and app.ts, which registers them) import routes.',
  },
  {
    // Pure rules: form input checks, reply views, the cart-line resolver, the lottery draw.
    target: [
      server('**/*-input.ts'),
      server('**/*-views.ts'),
      server('orders/resolve-lines.ts'),
      server('rounds/lottery.ts'),
    ],
    from: server('**'),
    except: ['**/*.types.ts', '**/src/server/db/schema.ts', '**/src/server/errors.ts'],
    message: 'A pure rule file imports no repository, service or route: types from *.types.ts.',
  },
];

// The client's zones (bulletproof-react's): a feature is private to itself. Another feature,
// the shell or a page reaches it only through its index.ts (what it offers others) or its
// screens.ts (its screens, loaded on demand; the only part the entry may import). ui/ and the
// layers below the features (api/, offline/, session/) import no feature; features import
// nothing of the shell, the pages or the router.
const client = (glob) => `src/client/${glob}`;
const clientFeatures = fs
  .readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureFaces = ['**/src/client/features/*/index.ts', '**/src/client/features/*/screens.ts'];
const clientZones = [
  ...clientFeatures.map((feature) => ({
    target: client(`features/${feature}/**`),
    from: client(`features/!(${feature})/**`),
    except: ['**/src/client/features/*/index.ts'],
    message: 'A feature imports another feature only through its index.ts.',
  })),
  {
    target: [client('shell/**'), client('pages/**'), client('router.tsx'), client('main.tsx')],
    from: client('features/**'),
    except: featureFaces,
    message: 'Outside the features, a feature is imported only through its index.ts or screens.ts.',
  },
  {
    target: [client('ui/**'), client('api/**'), client('offline/**'), client('session/**')],
    from: [client('features'), client('pages'), client('router.tsx')],
    message: 'ui/, api/, offline/ and session/ sit below the features: they import none.',
  },
  {
    target: client('ui/**'),
    from: [client('shell'), client('offline'), client('session'), client('api')],
    message: 'ui/ is presentation only: it imports nothing of the app but ui/.',
  },
  {
    target: client('features/**'),
    from: [client('shell'), client('pages'), client('router.tsx'), client('main.tsx')],
    message: 'Features import nothing of the shell, the pages or the router.',
  },
  {
    // The translator is under everything: ui/, api/ and every feature speak through it.
    target: client('i18n/**'),
    from: [
      client('features'),
      client('pages'),
      client('shell'),
      client('ui'),
      client('api'),
      client('offline'),
      client('session'),
      client('router.tsx'),
    ],
    message: 'i18n/ sits below everything in the client: it imports none of it.',
  },
];

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
    files: TRANSLATED,
    plugins: { i18n: i18nPlugin },
    rules: { 'i18n/no-literal-text': 'error' },
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
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: clientZones },
      ],
    },
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
    // Server layers, one way (ARCHITECTURE.md "Server layers"): routes → services →
    // repositories → db. Shared types of an area sit in <area>.types.ts, below all of them.
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverLayers },
      ],
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
      // One way to name a source file from outside src: its alias, which survives moves of
      // the importing file (package.json "imports").
      'no-restricted-imports': boundary([
        {
          group: ['**/src/**'],
          message: 'Import src by its alias: #client/…, #server/… or #shared/….',
        },
      ]),
    },
  },
);
