import fs from 'node:fs';
import path from 'node:path';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

/**
 * The dependency rules are the architecture (docs/architecture.md):
 *  - domain: no framework, no I/O library; capacity-domain nothing of ours, products-domain the product messages'
 *    types only (`@delivery/contracts/messages`);
 *  - contracts: nothing of ours, only validation/Swagger decorators;
 *  - util (platform, auth): util and contracts;
 *  - data-access (persistence, migrations, messaging): domain, contracts, util, data-access;
 *  - feature (outcome-recording: a Nest feature two apps share): domain, contracts, util, data-access;
 *  - apps: any lib, never another app; tooling: anything but apps' internals.
 * Scope: capacity and products never meet except through shared libs; a shared lib depends on shared libs only;
 * the operator commands (scope:operations) use shared libs, and of the products and the capacity context only their
 * queues' names (the dead-letter commands: `@delivery/products-data-access/topology`,
 * `@delivery/capacity-data-access/topology`).
 * Data access returns records: it may not import the contracts' response classes (a presenter maps).
 * TypeORM only runs the migrations: nothing else imports it.
 */
/** The apps' aliases (their src/index.ts): what tools may use of an app. */
const appAliases = [
  '@delivery/capacity-service',
  '@delivery/product-upload-service',
  '@delivery/product-ingest-worker',
  '@delivery/outcome-worker',
];

/** TypeORM runs the migrations and nothing else: every query goes through the kernel's `Database`. */
const typeormOnlyForMigrations = {
  name: 'typeorm',
  message:
    "TypeORM only runs the migrations (libs/migrations: migrate.ts, migrations/); query through '@delivery/persistence' Database.",
};

/** Everywhere in apps and libs: no TypeORM outside the migrations, no app imported. */
const appAndLibImports = {
  paths: [typeormOnlyForMigrations],
  patterns: [{ group: appAliases, message: 'Only tools import an app.' }],
};

/**
 * Inside an app, a feature folder uses another feature only through what that feature's module exports: its folder
 * (`index.ts`), never one of its files (docs/architecture.md, "Inside an app").
 */
const featureInternals = {
  group: ['../*/*', '!../testing/*'],
  message: "Another feature only through its folder's index.ts (what its module exports), not its files.",
};

/** Use cases know no adapter: they take their types from their ports (or the domain); modules bind adapters. */
const adapters = {
  group: ['@delivery/persistence', '@delivery/persistence/*', '@delivery/*-data-access'],
  message:
    'A use case imports no adapter library: its types come from its ports; the module binds the adapter.',
};

/** products-domain speaks of products and their issues, which the product messages define. */
const productsDomainImports =
  "products-domain uses only the product messages' types (@delivery/contracts/messages).";

const frameworkAndIo = [
  '@nestjs/*',
  'typeorm',
  'pg',
  'amqplib',
  'express',
  'class-validator',
  'class-transformer',
  'pino',
  'nestjs-pino',
  'prom-client',
  'jose',
];

/** Every class the contracts' response files declare (`*.response.ts`, `*response.dto.ts`, the upload's bodies). */
const contractsDir = path.join(import.meta.dirname, 'libs/contracts/src');
const responseClasses = fs
  .readdirSync(contractsDir, { recursive: true })
  .filter((file) => /(\.response|response\.dto|upload-status\.dto|upload-accepted\.dto)\.ts$/.test(file))
  .flatMap((file) =>
    [...fs.readFileSync(path.join(contractsDir, file), 'utf8').matchAll(/export class (\w+)/g)].map(
      (m) => m[1],
    ),
  );

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  prettier,
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/.nx',
      '**/.data',
      '**/coverage',
      '**/test-output',
      'libs/api-client/src/generated',
    ],
  },
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // what tools use of an app, through the app's alias (its src/index.ts); libs and apps may not (below);
          // and every project's jest.config.js, the workspace's Jest preset
          allow: [...appAliases, '../jest.preset.js', '../../jest.preset.js'],
          banTransitiveDependencies: false,
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:contracts'],
              bannedExternalImports: frameworkAndIo,
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: [],
              bannedExternalImports: frameworkAndIo
                .filter((p) => !['@nestjs/*', 'class-validator', 'class-transformer'].includes(p))
                .concat([
                  '@nestjs/common',
                  '@nestjs/core',
                  '@nestjs/platform-express',
                  '@nestjs/microservices',
                  '@nestjs/terminus',
                ]),
            },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util', 'type:data-access'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util', 'type:data-access'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:domain',
                'type:contracts',
                'type:util',
                'type:data-access',
                'type:feature',
              ],
            },
            {
              sourceTag: 'type:tooling',
              onlyDependOnLibsWithTags: [
                'type:domain',
                'type:contracts',
                'type:util',
                'type:data-access',
                'type:feature',
                'type:app',
              ],
            },
            { sourceTag: 'scope:capacity', onlyDependOnLibsWithTags: ['scope:capacity', 'scope:shared'] },
            { sourceTag: 'scope:products', onlyDependOnLibsWithTags: ['scope:products', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:operations',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:products', 'scope:capacity'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', appAndLibImports] },
  },
  {
    // end-to-end and integration tests observe the app from outside and may reach any of its parts
    files: ['apps/*/src/*/**/*.ts'],
    ignores: ['**/*.e2e-spec.ts', '**/*.int-spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...appAndLibImports, patterns: [...appAndLibImports.patterns, featureInternals] },
      ],
    },
  },
  {
    files: [
      'apps/{capacity-service,product-ingest-worker}/src/**/*.use-case.ts',
      'libs/outcome-recording/src/**/*.use-case.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...appAndLibImports, patterns: [...appAndLibImports.patterns, featureInternals, adapters] },
      ],
    },
  },
  {
    files: [
      'libs/persistence/**/*.ts',
      'libs/migrations/**/*.ts',
      'libs/messaging/**/*.ts',
      'libs/*-data-access/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@delivery/contracts',
              importNames: responseClasses,
              message: 'Data access returns records; a presenter maps them to response bodies.',
            },
            typeormOnlyForMigrations,
          ],
          patterns: [{ group: appAliases, message: 'Only tools import an app.' }],
        },
      ],
    },
  },
  {
    // the operator commands load no context's code but the queue names (the dead-letter commands)
    files: ['apps/operations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...appAndLibImports,
          patterns: [
            ...appAndLibImports.patterns,
            {
              group: [
                '@delivery/products-*',
                '!@delivery/products-data-access',
                '@delivery/products-data-access/*',
                '!@delivery/products-data-access/topology',
              ],
              message:
                "The operator commands use of the products only their queues' names (@delivery/products-data-access/topology).",
            },
            {
              group: [
                '@delivery/capacity-*',
                '!@delivery/capacity-data-access',
                '@delivery/capacity-data-access/*',
                '!@delivery/capacity-data-access/topology',
              ],
              message:
                "The operator commands use of the capacity context only its queues' names (@delivery/capacity-data-access/topology).",
            },
          ],
          paths: [
            ...appAndLibImports.paths,
            {
              name: '@delivery/products-data-access',
              message:
                "The operator commands use of the products only their queues' names (@delivery/products-data-access/topology).",
            },
            {
              name: '@delivery/capacity-data-access',
              message:
                "The operator commands use of the capacity context only its queues' names (@delivery/capacity-data-access/topology).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/migrations/src/migrate.ts', 'libs/migrations/src/migrations/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Type-aware rules: in code that is async almost everywhere, a promise nobody awaits (its rejection unhandled,
    // its work racing the next line) or one passed where a callback is expected must not pass unnoticed. A
    // deliberate fire-and-forget is written `void promise` with a comment saying why nothing can be lost.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    files: ['libs/capacity-domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'pg', 'amqplib', 'express'],
              message: 'capacity-domain is pure: no framework, no I/O.',
            },
            { group: ['@delivery/*'], message: 'capacity-domain depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/products-domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@delivery/contracts', message: productsDomainImports }],
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'pg', 'amqplib', 'express'],
              message: 'products-domain is pure: no framework, no I/O.',
            },
            {
              group: [
                '@delivery/*',
                '!@delivery/contracts',
                '@delivery/contracts/*',
                '!@delivery/contracts/messages',
              ],
              message: productsDomainImports,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
