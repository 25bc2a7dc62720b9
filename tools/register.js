'use strict';
/**
 * `node -r ./tools/register.js file.ts` runs TypeScript directly (dev launcher, CLIs, benchmarks) through
 * @swc-node/register, with the compiler options of the repository's tsconfig.json whatever the working directory:
 * legacy decorators with their `design:*` metadata (Nest's injection and Swagger read it), class fields as
 * assignments, the `@delivery/*` paths. Type checking is `npx nx run-many -t typecheck`.
 */
const path = require('node:path');

process.env.SWC_NODE_PROJECT ??= path.join(__dirname, '..', 'tsconfig.json');
require('@swc-node/register');
