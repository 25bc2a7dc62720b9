'use strict';
/**
 * `node tools/build/app-package.js <app>` (each app's `package` target, after its build): writes
 * dist/apps/<app>/package.json and package-lock.json, what its image's production install runs `npm ci` on.
 *
 * The dependencies are the packages the compiled code requires: from the app's entries (`src/main.js` and
 * `src/*.main.js`), every relative `require` followed through the app's and its libraries' dist, so a package only
 * a test, a testing helper or a file the app never loads imports is not listed. Each is listed at the version the
 * repository's lockfile holds; one that is not a production dependency of the root package.json stops the build.
 * The lockfile is the repository's, pruned by npm to those dependencies (`npm install --package-lock-only
 * --offline`): the same versions, integrity and tree as the root install, nothing resolved anew.
 * (The build executor's `generatePackageJson` does not fit: it lists every package a library's files import, tests
 * and testing helpers included, and under Nx 23 the lockfile it writes fails `npm ci`.)
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const { builtinModules } = require('node:module');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const REQUIRE = /require\("([^"]+)"\)/g;

/** `@scope/name` or `name`, from a specifier such as `@scope/name/sub/path`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** External packages (not Node built-ins) required by `entries` and every compiled file they require, transitively. */
function requiredPackages(entries) {
  const builtins = new Set(builtinModules);
  const packages = new Set();
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(REQUIRE)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        const found = [target, `${target}.js`, path.join(target, 'index.js')].find(
          (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
        );
        if (!found) throw new Error(`${path.relative(ROOT, file)}: ${specifier} not found`);
        visit(found);
      } else if (!specifier.startsWith('node:') && !builtins.has(specifier)) {
        packages.add(packageName(specifier));
      }
    }
  };
  entries.forEach(visit);
  return [...packages].sort();
}

/** The app's entries in dist: `main.js` and `*.main.js` of its src folder. */
function entriesOf(dist) {
  const src = path.join(dist, 'src');
  return fs
    .readdirSync(src)
    .filter((name) => name === 'main.js' || name.endsWith('.main.js'))
    .map((name) => path.join(src, name));
}

function main(app) {
  if (!app) throw new Error('usage: node tools/build/app-package.js <app>');
  const dist = path.join(ROOT, 'dist/apps', app);
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const dependencies = {};
  for (const name of requiredPackages(entriesOf(dist))) {
    if (!(name in root.dependencies))
      throw new Error(`${app} requires ${name}, which is not a dependency of package.json`);
    dependencies[name] = lock.packages[`node_modules/${name}`].version;
  }
  const manifest = { name: app, version: root.version, private: true, license: root.license, dependencies };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${app}-package-`));
  try {
    fs.writeFileSync(path.join(work, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(work, 'package-lock.json'));
    fs.copyFileSync(path.join(ROOT, '.npmrc'), path.join(work, '.npmrc'));
    execFileSync(
      'npm',
      ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    for (const file of ['package.json', 'package-lock.json'])
      fs.copyFileSync(path.join(work, file), path.join(dist, file));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`dist/apps/${app}/package.json: ${Object.keys(dependencies).length} dependencies`);
}

main(process.argv[2]);
