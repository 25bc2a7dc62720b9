'use strict';
/**
 * Two tiers, one run: `unit` (*.spec.ts, pure, no services) and `integration` (*.int-spec.ts against real
 * Postgres/RabbitMQ, *.e2e-spec.ts over HTTP). The integration tier's global setup creates a migrated template
 * database for this run; each test file clones its own database from it (see @delivery/persistence/testing).
 */
const { root, paths, swcOptions } = require('./tools/swc-options');

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias.replace('/', '\\/')}$`, `<rootDir>/${target}`]),
);
const transform = {
  '^.+\\.ts$': ['@swc/jest', { ...swcOptions(undefined), sourceMaps: 'inline', filename: undefined }],
};
const common = {
  rootDir: root,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  transform,
};

module.exports = {
  testTimeout: 30000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.int-spec.ts', '**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/tools/jest/global-setup.ts',
      globalTeardown: '<rootDir>/tools/jest/global-teardown.ts',
    },
  ],
};
