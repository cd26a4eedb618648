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
  message:
    "The workflow engine's tables (wf_*) are read through core/ports/process-participation.repository.ts or core/ports/workflow-port.ts.",
};

/**
 * Web layers, one way (ARCHITECTURE.md §3, docs/conventions.md): lib → state → components → engine →
 * modules → features → app. A layer imports only the layers to its left. lib/ has no business meaning;
 * components/ holds the business components several features share (user picker, business card, …).
 */
const WEB_LAYERS = ['lib', 'state', 'components', 'engine', 'modules', 'features', 'app'];
const webZones = WEB_LAYERS.flatMap((layer, i) =>
  WEB_LAYERS.slice(i + 1).map((higher) => ({
    target: `./packages/web/src/${layer}`,
    from: `./packages/web/src/${higher}`,
    message: `web/src/${layer} may not import web/src/${higher} (layers: ${WEB_LAYERS.join(' → ')}).`,
  })),
);

/**
 * Import bans, composed: a later block's `no-restricted-imports` replaces an earlier one's for the same file,
 * so every block lists the package-wide bans of its files first and adds its own.
 */
const restrict = (files, ...patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const SHARED_BANS = [
  {
    group: ['@oa/server*', '@oa/web*', 'fastify*', 'kysely*', 'react*', 'antd*', 'node:fs*', 'fs'],
    message: '@oa/shared does no I/O and depends on neither side.',
  },
];
const SERVER_BANS = [{ group: ['@oa/web*', 'react*', 'antd*'], message: 'The server does not import the web app.' }];
const WEB_BANS = [
  {
    group: ['@oa/server*', 'fastify*', 'kysely*', 'better-sqlite3', 'pg'],
    message: 'The web app talks to the server only through HTTP and @oa/shared/contract.',
  },
];
const OWN_INTERNALS = {
  group: ['../*/**', '!../../**', '**/features/*/**'],
  message: "A feature (or module home) never imports another one's internals; compose in app/ or through @oa/shared.",
};
const NO_HTTP = { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Services never see an HTTP object: routes pass plain values.' };
const NO_LIVE_TYPES = {
  group: ['**/db/schema/**', '**/features/**', '**/engines/**', '**/core/**', '**/modules/**'],
  message: 'A migration imports no live types: it uses Kysely<any>.',
};
const SERVER_SRC = 'packages/server/src';
const SERVER_HOMES = [`${SERVER_SRC}/features/**/*.ts`, `${SERVER_SRC}/modules/*/**/*.ts`];
const SERVER_HOME_SERVICES = [`${SERVER_SRC}/features/**/*.service.ts`, `${SERVER_SRC}/modules/*/**/*.service.ts`];
const WEB_HOMES = ['packages/web/src/features/**/*.{ts,tsx}', 'packages/web/src/modules/*/**/*.{ts,tsx}'];
const importBans = [
  restrict(['packages/shared/src/**/*.ts'], ...SHARED_BANS),
  restrict([`${SERVER_SRC}/**/*.ts`], ...SERVER_BANS),
  restrict([`${SERVER_SRC}/**/*.service.ts`], ...SERVER_BANS, NO_HTTP),
  restrict(SERVER_HOMES, ...SERVER_BANS, OWN_INTERNALS),
  restrict(SERVER_HOME_SERVICES, ...SERVER_BANS, OWN_INTERNALS, NO_HTTP),
  restrict([`${SERVER_SRC}/db/migrations/**/*.ts`], ...SERVER_BANS, NO_LIVE_TYPES),
  restrict(['packages/web/src/**/*.{ts,tsx}'], ...WEB_BANS),
  restrict(WEB_HOMES, ...WEB_BANS, OWN_INTERNALS),
];

/**
 * The two engines (server src/engines/): they serve every area through their ports in core/ports/ (installed
 * in ctx by app.ts), so no feature or module home imports an engine file, an engine imports no feature or
 * module home (the module hooks reach it through ctx), and neither engine imports the other.
 */
const ENGINES = ['workflow', 'records'];
const engineZones = [
  {
    target: [`./${SERVER_SRC}/features`, `./${SERVER_SRC}/modules`],
    from: `./${SERVER_SRC}/engines`,
    message: 'Features and module homes reach an engine through its port in core/ports/ (ctx.workflow, ctx.records, ctx.registers).',
  },
  {
    target: `./${SERVER_SRC}/engines`,
    from: [`./${SERVER_SRC}/features`, `./${SERVER_SRC}/modules`],
    message: 'An engine never imports a feature or a module home: they reach it through ctx (app.ts composes them).',
  },
  ...ENGINES.map((engine) => ({
    target: `./${SERVER_SRC}/engines/${engine}`,
    from: ENGINES.filter((e) => e !== engine).map((e) => `./${SERVER_SRC}/engines/${e}`),
    message: 'The engines never import each other: they meet in ctx (core/ports/workflow-port.ts).',
  })),
];

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
    // Typed rules: every promise is awaited, returned or handed to `void …catch(…)` on purpose.
    files: ['packages/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-router's navigate() settles through the router (its errors reach the route's error page)
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      // React ignores what an event handler returns: an async onClick is fine (the HTTP client reports failures)
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
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
            ...engineZones,
            {
              target: `./${SERVER_SRC}/**/*.routes.ts`,
              from: `./${SERVER_SRC}/**/*.repository.ts`,
              message: 'Routes call services only, never a repository.',
            },
            {
              target: [`./${SERVER_SRC}/core`, `./${SERVER_SRC}/plugins`],
              from: [`./${SERVER_SRC}/engines`, `./${SERVER_SRC}/features`, `./${SERVER_SRC}/modules`],
              message: 'core/ and plugins/ are below the engines, features and module homes.',
            },
            {
              target: `./${SERVER_SRC}/lib`,
              from: [`./${SERVER_SRC}/core`, `./${SERVER_SRC}/engines`, `./${SERVER_SRC}/features`, `./${SERVER_SRC}/modules`],
              message: 'lib/ depends on nothing of the app.',
            },
            {
              target: `./${SERVER_SRC}/db`,
              from: [`./${SERVER_SRC}/engines`, `./${SERVER_SRC}/features`, `./${SERVER_SRC}/modules`],
              message: 'db/ (schema, migrations, seed) does not call into the engines, features or modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers on the server: SQL only in repositories and db/ (tests may read the database to check it).
    files: [`${SERVER_SRC}/**/*.ts`],
    ignores: [`${SERVER_SRC}/**/*.repository.ts`, `${SERVER_SRC}/db/**`, `${SERVER_SRC}/**/*.test.ts`],
    rules: {
      'no-restricted-syntax': ['error', FOCUSED_TESTS, ...QUERY_BUILDERS],
    },
  },
  {
    // The workflow engine's tables are its own: other areas ask core/ports/workflow-port.ts (actions) or
    // core/ports/process-participation.repository.ts (who took part, current step, history), never read them.
    files: [`${SERVER_SRC}/{features,modules,engines/records}/**/*.repository.ts`],
    rules: { 'no-restricted-syntax': ['error', FOCUSED_TESTS, WORKFLOW_TABLES] },
  },
  {
    files: [`${SERVER_SRC}/{features,modules,engines/records}/**/*.ts`],
    ignores: [`${SERVER_SRC}/**/*.repository.ts`, `${SERVER_SRC}/**/*.test.ts`],
    rules: { 'no-restricted-syntax': ['error', FOCUSED_TESTS, ...QUERY_BUILDERS, WORKFLOW_TABLES] },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Migrations run against whatever schema the database had then: Kysely<any>, no live table types.
    files: [`${SERVER_SRC}/db/migrations/**/*.ts`],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...importBans,
);
