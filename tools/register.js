'use strict';
/**
 * `node -r ./tools/register.js file.ts` runs TypeScript directly (dev launcher, CLIs, benchmarks):
 * each .ts file is transpiled on require by SWC with the project's options. Type checking is `npm run typecheck`.
 */
const fs = require('node:fs');
const swc = require('@swc/core');
const { swcOptions } = require('./swc-options');

require.extensions['.ts'] = function compileTs(module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), swcOptions(filename));
  module._compile(code, filename);
};
process.setSourceMapsEnabled(true);
