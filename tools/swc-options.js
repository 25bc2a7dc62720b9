'use strict';
/**
 * One SWC configuration for every place TypeScript is turned into JavaScript: the build (tools/build.js),
 * running TypeScript directly (tools/register.js) and Jest. Legacy decorators with metadata, because Nest's
 * dependency injection and Swagger read `design:*` metadata; `@delivery/*` aliases are rewritten from
 * tsconfig.base.json so the output runs on plain Node.
 */
const path = require('node:path');
const root = path.resolve(__dirname, '..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));

function swcOptions(filename) {
  return {
    filename,
    swcrc: false,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths: compilerOptions.paths,
    },
    module: { type: 'commonjs' },
  };
}

module.exports = { root, paths: compilerOptions.paths, swcOptions };
