import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/** The folders of apps/web/src/features: each is a zone no other feature imports. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/*
 * Server layers (docs/contributing.md): only repositories touch the database, and a module reaches another only
 * through what that module offers.
 */
const SERVER = 'apps/server/src';
const MODULES = readdirSync(new URL(`./${SERVER}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Files that may import drizzle-orm (and the table objects): repositories, db/, the job runner, SQL helpers, tests. */
const DATABASE_FILES = [
  `${SERVER}/**/*.repository.ts`,
  `${SERVER}/db/**`,
  `${SERVER}/jobs/**`,
  // SQL helpers that build conditions for repositories (never run a query): `inIds`, `rowsOf`; `inSchool`, `inCampus`
  `${SERVER}/lib/sql.ts`,
  `${SERVER}/lib/scope.ts`,
  `${SERVER}/**/*.test.ts`,
  `${SERVER}/test/**`,
];

/**
 * What one module may import of another: its service, its types and its job definitions. Routes are imported by
 * modules/index.ts only (outside every module), repositories and other files by their own module only.
 */
const PUBLIC_FILES = ['**/*.service.ts', '**/*.types.ts', '**/*.jobs.ts'];
const moduleZones = MODULES.map((name) => ({
  target: MODULES.filter((other) => other !== name).map((other) => `${SERVER}/modules/${other}/**`),
  from: `${SERVER}/modules/${name}/**`,
  except: PUBLIC_FILES,
  message: `Another module reaches ${name} through its *.service.ts (or *.types.ts, *.jobs.ts) only.`,
}));
const routeZone = {
  target: `${SERVER}/**/*.routes.ts`,
  from: `${SERVER}/**/*.repository.ts`,
  message: 'Routes call services; only services call repositories.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web's layers point one way: lib <- components, hooks <- features <- app (bulletproof-react's zones).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'apps/web/src',
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: what two features share lives in components/, hooks/ or lib/.',
            })),
            {
              target: ['./features', './components', './hooks', './lib'],
              from: './app',
              message: 'app/ holds the router, providers and layout: nothing below it imports it.',
            },
            {
              target: './lib',
              from: ['./features', './components', './hooks'],
              message: 'lib/ is the bottom layer: it imports no feature, component or hook.',
            },
            {
              target: ['./components', './hooks'],
              from: './features',
              message: 'Shared components and hooks import no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Screens fetch through a feature's api/ files (or a shared hook): components and helpers call the hooks.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: "Fetch in the feature's api/ files." }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/lib/client$',
              importNames: ['http'],
              message: "Call the HTTP client in the feature's api/ files; components call their hooks.",
            },
          ],
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useMutation', 'useSuspenseQuery', 'useInfiniteQuery', 'useQueries'],
              message: "Queries and mutations live in the feature's api/ files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: DATABASE_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                'Only repositories (and db/, the job runner) touch the database: move the query to a *.repository.ts.',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              allowTypeImports: true,
              message:
                'Only repositories (and db/, the job runner) touch the tables: move the query to a *.repository.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`, `${SERVER}/**/*.testing.ts`, `${SERVER}/test/**`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...moduleZones, routeZone] }] },
  },
  prettier,
);
