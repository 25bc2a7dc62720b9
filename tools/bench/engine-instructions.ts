/**
 * The instructions of Q1.3-engine's work alone (`planReads + calculate` on the reference request), for callgrind:
 * `<warm-up>` calculations, then `os.loadavg()`, then `<counted>` calculations, then `os.freemem()`, so that callgrind
 * zeroed before the first call and dumped before the second counts the calculations and nothing else. From a tree's
 * root (docs/algorithm.md, "Performance"):
 *
 *   valgrind --tool=callgrind --zero-before='node::os::GetLoadAvg*' --dump-before='node::os::GetFreeMemory*' \
 *     node --single-threaded -r ./tools/register.js tools/bench/engine-instructions.ts 8000 2000
 *
 * The dump file's `summary:` line ÷ `<counted>` is the instructions per calculation.
 */
import os from 'node:os';
import { calculate, planReads } from '@delivery/capacity-domain';
import { CLOCK as clock, demo, fetched, referenceRequest } from './engine.bench';

const [warmUp, counted] = process.argv.slice(2).map(Number);
const { snapshot, stock } = demo();
const request = referenceRequest();
const data = fetched(snapshot, stock, request);

/** `count` calculations as Q1.3-engine makes them; the kind of the last outcome. */
function run(count: number): string {
  let kind = 'none';
  for (let i = 0; i < count; i++) {
    planReads(snapshot, request, clock);
    kind = calculate(snapshot, request, data, clock).kind;
  }
  return kind;
}

run(warmUp);
os.loadavg();
const kind = run(counted);
os.freemem();
console.log(`${counted} calculations counted, the last one ${kind}`);
