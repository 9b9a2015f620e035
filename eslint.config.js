import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prontu from './eslint/prontu-plugin.js';

const FETCH_MESSAGE =
  'Call the server through the typed client (`api` in src/web/data/api.ts, endpoints in src/shared/api).';

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
    // The code map of docs/architecture.md ("Camadas"): each folder imports only the ones
    // below it, and no files import each other in a cycle (eslint/prontu-plugin.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { prontu },
    rules: { 'prontu/layers': 'error', 'prontu/no-import-cycle': 'error' },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
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
