// Lint is the source of truth for the import boundaries of ARCHITECTURE.md §3.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureBoundary = (pkg) => ({
  files: [`packages/${pkg}/src/features/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['../*/**', '!../../**', '**/features/*/**'], message: 'A feature never imports another feature\'s internals; compose in app/ or through @oa/shared.' },
      ],
    }],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', {
        selector: 'CallExpression[callee.property.name=/^(only)$/][callee.object.name=/^(it|test|describe)$/]',
        message: 'No focused tests.',
      }],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@oa/server*', '@oa/web*', 'fastify*', 'kysely*', 'react*', 'antd*', 'node:fs*', 'fs'], message: '@oa/shared does no I/O and depends on neither side.' },
        ],
      }],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@oa/web*', 'react*', 'antd*'], message: 'The server does not import the web app.' }],
      }],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@oa/server*', 'fastify*', 'kysely*', 'better-sqlite3', 'pg'], message: 'The web app talks to the server only through HTTP and @oa/shared/contract.' }],
      }],
    },
  },
  featureBoundary('server'),
  featureBoundary('web'),
);
