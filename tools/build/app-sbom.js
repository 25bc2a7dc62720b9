'use strict';
/**
 * `node tools/build/app-sbom.js <app>` (each app's `package` target, after app-package.js): writes
 * dist/apps/<app>/sbom.cdx.json, the CycloneDX 1.6 SBOM of the packages its image installs, made by CycloneDX's own
 * npm tool (@cyclonedx/cyclonedx-npm) from the pruned lockfile alone (`--package-lock-only`: offline, no install),
 * production dependencies only, reproducible (no timestamp or serial number, so the same lockfile gives the same
 * file). The image carries it next to the app (/app/dist/apps/<app>/sbom.cdx.json).
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

function main() {
  const app = process.argv[2];
  if (!app) throw new Error('usage: node tools/build/app-sbom.js <app>');
  const cli = path.join(ROOT, 'node_modules/@cyclonedx/cyclonedx-npm/bin/cyclonedx-npm-cli.js');
  execFileSync(
    process.execPath,
    [
      cli,
      '--package-lock-only',
      '--omit',
      'dev',
      '--flatten-components',
      '--output-reproducible',
      '--spec-version',
      '1.6',
      '--mc-type',
      'application',
      '--output-format',
      'JSON',
      '--output-file',
      'sbom.cdx.json',
    ],
    { cwd: path.join(ROOT, 'dist/apps', app), stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

main();
