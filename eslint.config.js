import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FETCH_MESSAGE =
  'Call the server through the typed client (`api` in src/web/data/api.ts, endpoints in src/shared/api).';

/** Code may only depend "downwards": shared ← clinical ← server, and shared ← web. */
const layerRules = (forbidden, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts (loadConfig), not process.env.',
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: layerRules(
      ['**/server/**', '**/web/**', '**/clinical/**', 'node:*'],
      'src/shared is pure: no I/O, no server or web code.',
    ),
  },
  {
    files: ['src/clinical/**'],
    rules: layerRules(
      ['**/server/**', '**/web/**'],
      'src/clinical must not depend on the server or the web app.',
    ),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layerRules(
        ['**/server/**', '**/clinical/**', 'node:*'],
        'The web app talks to the server only over HTTP.',
      ),
    },
  },
  {
    // Bulletproof React: features don't import each other; what two features need lives in
    // src/web (app-level) or src/web/ui.
    files: ['src/web/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/clinical/**', 'node:*'],
              message: 'The web app talks to the server only over HTTP.',
            },
            {
              regex: '^\\.\\./[^./][^/]*/|/features/',
              message: 'A feature must not import another feature; move shared code up.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to the server: the typed client. Only its browser transport calls fetch.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/data/api.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: FETCH_MESSAGE },
        { name: 'XMLHttpRequest', message: FETCH_MESSAGE },
        { name: 'EventSource', message: FETCH_MESSAGE },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: FETCH_MESSAGE },
        { object: 'globalThis', property: 'fetch', message: FETCH_MESSAGE },
        { object: 'self', property: 'fetch', message: FETCH_MESSAGE },
      ],
    },
  },
  {
    // Integration tests of browser code run it against the real server.
    files: ['src/web/**/*.integration.test.ts', 'src/web/**/*.testing.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Configuration entry points and test tooling legitimately read the environment.
    files: [
      'src/server/config.ts',
      'src/server/testing/**',
      'tests/support/**',
      'vite.config.ts',
      'scripts/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
