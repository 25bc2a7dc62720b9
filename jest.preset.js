'use strict';
/**
 * The Jest configuration of every project (its `jest.config.js` is one line: `jestConfig(__dirname)`) and of the
 * repository-wide run (`jest.config.js` at the root). Two tiers: `unit` (*.spec.ts, pure, no services) and
 * `integration` (*.int-spec.ts against real Postgres/RabbitMQ, *.e2e-spec.ts over HTTP). The integration tier's
 * global setup creates a migrated template database for this run (a unique name, so projects tested in parallel
 * never share one); each test file clones its own database from it (see @delivery/persistence/testing) and makes
 * its own broker vhost (see @delivery/messaging/testing).
 */
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;
const { paths } = require('./tsconfig.base.json').compilerOptions;
// the build's SWC options (.swcrc: legacy decorators with metadata), minus what only the build needs
const {
  exclude: _buildOnly,
  $schema: _schema,
  ...swcrc
} = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    path.join(root, target),
  ]),
);
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      ...swcrc,
      swcrc: false,
      sourceMaps: 'inline',
      jsc: { ...swcrc.jsc, baseUrl: root },
      // `import()` stays a native dynamic import: what loads ES-module-only packages whose exports offer no
      // `require` condition (the Kubernetes schema models); plain imports of ES modules load through require(esm)
      module: { ...swcrc.module, ignoreDynamic: true },
    },
  ],
};

/** Jest's configuration for the tests under `dirs` (absolute paths). */
function jestConfig(...dirs) {
  const common = {
    rootDir: root,
    roots: dirs,
    testEnvironment: 'node',
    moduleFileExtensions: ['ts', 'js', 'json'],
    moduleNameMapper,
    transform,
  };
  return {
    testTimeout: 30000,
    // Exit once the run is over instead of waiting for the event loop to wind down. A clean CI run of libs/messaging
    // (every test passed) never exited: the process spun at 100 % CPU in Node's exit-time handle cleanup, waiting
    // on a request of a socket its tests had cut, until CI's time ran out. Tests still close what they open.
    forceExit: true,
    projects: [
      { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
      {
        ...common,
        displayName: 'integration',
        testMatch: ['**/*.int-spec.ts', '**/*.e2e-spec.ts'],
        globalSetup: path.join(root, 'tools/jest/global-setup.ts'),
        globalTeardown: path.join(root, 'tools/jest/global-teardown.ts'),
      },
    ],
  };
}

module.exports = { jestConfig };
