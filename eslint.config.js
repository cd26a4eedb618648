// Lint is the source of truth for the import boundaries of ARCHITECTURE.md §3.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FOCUSED_TESTS = {
  selector: 'CallExpression[callee.property.name=/^(only)$/][callee.object.name=/^(it|test|describe)$/]',
  message: 'No focused tests.',
};
const SQL_MESSAGE = 'SQL lives only in *.repository.ts (and db/): call a repository function instead.';
/** Kysely query builders and the sql template: only repositories and db/ may build SQL. */
const QUERY_BUILDERS = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
    message: SQL_MESSAGE,
  },
  { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_MESSAGE },
  { selector: 'CallExpression[callee.object.name="sql"]', message: SQL_MESSAGE },
];

/** The workflow engine's tables (wf_*) named outside the engine. */
const WORKFLOW_TABLES = {
  selector: 'Literal[value=/^wf_[a-z_]+($|[. ])/]',
  message: "The workflow engine's tables (wf_*) are read through core/process-participation.repository.ts or core/workflow-port.ts.",
};

/**
 * Web layers, one way (ARCHITECTURE.md §3, docs/conventions.md): lib → state → engine → modules →
 * features → app. A layer imports only the layers to its left.
 */
const WEB_LAYERS = ['lib', 'state', 'engine', 'modules', 'features', 'app'];
const webZones = WEB_LAYERS.flatMap((layer, i) =>
  WEB_LAYERS.slice(i + 1).map((higher) => ({
    target: `./packages/web/src/${layer}`,
    from: `./packages/web/src/${higher}`,
    message: `web/src/${layer} may not import web/src/${higher} (layers: ${WEB_LAYERS.join(' → ')}).`,
  })),
);

const featureBoundary = (pkg, folder = 'features') => ({
  files: [folder === 'modules' ? `packages/${pkg}/src/modules/*/**/*.{ts,tsx}` : `packages/${pkg}/src/${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['../*/**', '!../../**', '**/features/*/**'],
            message: "A feature (or module home) never imports another one's internals; compose in app/ or through @oa/shared.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'packages/web/public/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', FOCUSED_TESTS],
    },
  },
  {
    // No import cycles anywhere (between folders in particular).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webZones,
            {
              target: './packages/server/src/**/*.routes.ts',
              from: './packages/server/src/**/*.repository.ts',
              message: 'Routes call services only, never a repository.',
            },
            {
              target: './packages/server/src/core',
              from: ['./packages/server/src/features', './packages/server/src/modules'],
              message: 'core/ is below features and module homes.',
            },
            {
              target: './packages/server/src/lib',
              from: ['./packages/server/src/core', './packages/server/src/features', './packages/server/src/modules'],
              message: 'lib/ depends on nothing of the app.',
            },
            {
              target: './packages/server/src/db',
              from: ['./packages/server/src/features', './packages/server/src/modules'],
              message: 'db/ (schema, migrations, seed) does not call into features or modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers on the server: SQL only in repositories and db/ (tests may read the database to check it).
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.repository.ts', 'packages/server/src/db/**', 'packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', FOCUSED_TESTS, ...QUERY_BUILDERS],
    },
  },
  {
    // The workflow engine's tables are its own: other areas ask core/workflow-port.ts (actions) or
    // core/process-participation.repository.ts (who took part, current step, history), never read them.
    files: ['packages/server/src/features/**/*.repository.ts', 'packages/server/src/modules/**/*.repository.ts'],
    ignores: ['packages/server/src/features/workflow/**'],
    rules: { 'no-restricted-syntax': ['error', FOCUSED_TESTS, WORKFLOW_TABLES] },
  },
  {
    files: ['packages/server/src/features/**/*.ts', 'packages/server/src/modules/**/*.ts'],
    ignores: ['packages/server/src/features/workflow/**', 'packages/server/src/**/*.repository.ts', 'packages/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', FOCUSED_TESTS, ...QUERY_BUILDERS, WORKFLOW_TABLES] },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@oa/server*', '@oa/web*', 'fastify*', 'kysely*', 'react*', 'antd*', 'node:fs*', 'fs'],
              message: '@oa/shared does no I/O and depends on neither side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@oa/web*', 'react*', 'antd*'], message: 'The server does not import the web app.' }],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@oa/server*', 'fastify*', 'kysely*', 'better-sqlite3', 'pg'],
              message: 'The web app talks to the server only through HTTP and @oa/shared/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations run against whatever schema the database had then: Kysely<any>, no live table types.
    files: ['packages/server/src/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema/**', '**/features/**', '**/core/**', '**/modules/**'],
              message: 'A migration imports no live types: it uses Kysely<any>.',
            },
          ],
        },
      ],
    },
  },
  featureBoundary('server'),
  featureBoundary('server', 'modules'),
  featureBoundary('web'),
  featureBoundary('web', 'modules'),
  {
    // Services hold the rules and never see an HTTP object.
    files: ['packages/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@oa/web*', 'react*', 'antd*'], message: 'The server does not import the web app.' },
            {
              group: ['../*/**', '!../../**', '**/features/*/**'],
              message: "A feature (or module home) never imports another one's internals; compose in app/ or through @oa/shared.",
            },
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Services never see an HTTP object: routes pass plain values.' },
          ],
        },
      ],
    },
  },
);
