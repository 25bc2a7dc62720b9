'use strict';
/**
 * A CPU profile of a benchmarked app: preloaded through `BENCH_NODE_OPTIONS` (Node refuses `--cpu-prof` in
 * NODE_OPTIONS), it samples from start to exit and writes `cpu-<pid>.cpuprofile` to `CPU_PROFILE_DIR` (default the
 * temporary directory). `tools/bench/cpu-profile-summary.ts` prints where the time went.
 *
 *   BENCH_NODE_OPTIONS="--require $PWD/tools/bench/cpu-profile.js" npm run bench -- Q1.3
 */
const fs = require('node:fs');
const inspector = require('node:inspector');
const os = require('node:os');
const path = require('node:path');

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
session.post('Profiler.start');
process.on('exit', () => {
  // on the main thread the session answers synchronously, so the profile is written before the process ends
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    const file = path.join(process.env.CPU_PROFILE_DIR ?? os.tmpdir(), `cpu-${process.pid}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(result.profile));
  });
});
