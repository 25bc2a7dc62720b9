'use strict';
/**
 * `npm start`: installs dependencies when they are missing or older than the lockfile (a fresh clone), then
 * runs the dev launcher (launcher.ts) — the whole system on this machine. `npm run dev` (`--watch`): the same, with
 * each app restarted when a file it loaded changes. `npm run replicas -- N` (`--replicas N`): the same, with N
 * capacity-service replicas on 3000, 3010, 3020…
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const installed = path.join(root, 'node_modules', '.package-lock.json');
const lockfile = path.join(root, 'package-lock.json');

if (!fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lockfile).mtimeMs) {
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

require('../register');
require('./launcher.ts');
