'use strict';
/**
 * Builds one app (or all) into dist/: every .ts file under the app and under libs/ is transpiled by SWC into
 * dist/<same path>.js with `@delivery/*` imports rewritten to relative paths, so `node dist/apps/<app>/src/main.js`
 * runs with production dependencies only. Tests, test helpers (`testing/`) and fixtures are left out.
 *   node tools/build.js capacity-service
 */
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');
const { root, swcOptions } = require('./swc-options');

const skip = /\.(spec|int-spec|e2e-spec)\.ts$|\.d\.ts$/;

function* tsFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['fixtures', 'testing', 'node_modules'].includes(entry.name)) yield* tsFiles(full);
    } else if (entry.name.endsWith('.ts') && !skip.test(entry.name)) {
      yield full;
    }
  }
}

function build(app) {
  const dirs = [path.join(root, 'apps', app, 'src'), path.join(root, 'libs')];
  let count = 0;
  for (const dir of dirs) {
    for (const file of tsFiles(dir)) {
      const { code } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
        ...swcOptions(file),
        sourceMaps: false,
      });
      const out = path.join(root, 'dist', path.relative(root, file)).replace(/\.ts$/, '.js');
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, code);
      count += 1;
    }
  }
  return count;
}

const apps = process.argv.slice(2);
const targets = apps.length ? apps : fs.readdirSync(path.join(root, 'apps'));
for (const app of targets) {
  if (!fs.existsSync(path.join(root, 'apps', app, 'src', 'main.ts'))) {
    console.error(`unknown app: ${app}`);
    process.exit(1);
  }
  console.log(`built ${app}: ${build(app)} files into dist/`);
}
