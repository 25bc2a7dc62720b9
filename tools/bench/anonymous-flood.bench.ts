/**
 * docs/security.md, "No work before authentication": paced calculations (the Q1.3 reference request, 200 req/s)
 * alone, then the same while another process sends anonymous 16 MB `PUT /configuration` bodies as fast as 8
 * connections take them. The calculations' p99 should not move: a refused body is never read. Baseline in the same
 * run: the same flood with empty bodies, which costs what answering that many anonymous requests costs (the flood's
 * process shares the machine's cores with the service); the 16 MB bodies should cost no more than that.
 * `BENCH_FLOOD_SECONDS` shortens the rounds (default: Q1.3's 20 s). With `BENCH_COMPARE_DIST=<another build's dist/>`
 * (named `BENCH_COMPARE_NAME`) the same rounds are measured first on that build's service, then on this one.
 */
import os from 'node:os';
import { bearer, mintToken } from '@delivery/auth/testing';
import { type BenchResult, type BenchScenario, measureEachBuild, verdict } from './bench-scenario';
import { startBenchCapacityService } from './bench-services';
import { prepareDemoDatabase, today } from './capacity-calculation.bench';
import { referenceRequest } from './engine.bench';
import { runFlood } from './anonymous-flood';
import { round } from './load';
import { Q13_PACE, runPacedLoad } from './paced-load';

const FLOOD_CONNECTIONS = 8;
const BODY_BYTES = 16 * 1024 * 1024;

/** The rounds against the service of this build (`main` undefined) or of the one at `main`. */
async function measure(main: string | undefined): Promise<BenchResult> {
  const app = await startBenchCapacityService(await prepareDemoDatabase('delivery_bench_flood'), {}, main);
  try {
    const paced = {
      ...Q13_PACE,
      durationSeconds: Number(process.env.BENCH_FLOOD_SECONDS ?? Q13_PACE.durationSeconds),
    };
    const calculation = {
      url: `${app.url}/capacity/v1/delivery/capacity`,
      method: 'POST' as const,
      headers: {
        Authorization: bearer(await mintToken({ scopes: ['capacity:calculate'], expiresIn: 3600 })),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ ...referenceRequest(), purchaseDate: today() }),
      ...paced,
    };
    await runPacedLoad({ ...calculation, durationSeconds: 3 }); // warm-up
    const alone = await runPacedLoad(calculation);
    const during = async (bodyBytes: number) => {
      const calculated = runPacedLoad(calculation);
      const url = `${app.url}/capacity/v1/configuration`;
      const flood = await runFlood(
        { url, method: 'PUT', bodyBytes, connections: FLOOD_CONNECTIONS },
        calculated,
      );
      return { flood, calculations: await calculated };
    };
    const empty = await during(0);
    const loadBefore = os.loadavg()[0];
    const { flood, calculations: flooded } = await during(BODY_BYTES);
    const refused = flood.statuses['401'] ?? 0;
    // the server closes a refused connection with the body unread: the client sometimes sees the reset first
    const reset = flood.statuses.none ?? 0;
    const met = flooded.p99 <= Math.max(2 * alone.p99, alone.p99 + 5) && refused + reset === flood.requests;
    const failures = (f: typeof alone) => f.errors + f.non2xx;
    return {
      rows: [
        {
          subject: `POST /delivery/capacity at ${paced.rate} req/s for ${paced.durationSeconds} s, alone`,
          figures: [
            { metric: 'p50', value: round(alone.p50, 2), unit: 'ms' },
            { metric: 'p99', value: round(alone.p99, 2), unit: 'ms' },
            { metric: 'errors + non-2xx', value: failures(alone), unit: '' },
          ],
        },
        {
          subject: `the same, during the flood (${FLOOD_CONNECTIONS} connections of anonymous 16 MB PUT /configuration)`,
          figures: [
            { metric: 'p50', value: round(flooded.p50, 2), unit: 'ms' },
            { metric: 'p99', value: round(flooded.p99, 2), unit: 'ms' },
            { metric: 'errors + non-2xx', value: failures(flooded), unit: '' },
          ],
        },
        {
          subject: `baseline: the same, during a flood of anonymous empty PUT /configuration (${FLOOD_CONNECTIONS} connections)`,
          figures: [
            { metric: 'p50', value: round(empty.calculations.p50, 2), unit: 'ms' },
            { metric: 'p99', value: round(empty.calculations.p99, 2), unit: 'ms' },
            { metric: 'errors + non-2xx', value: failures(empty.calculations), unit: '' },
            { metric: 'flood requests', value: empty.flood.requests, unit: '' },
          ],
        },
        {
          subject: 'the 16 MB flood',
          figures: [
            { metric: 'requests', value: flood.requests, unit: '' },
            { metric: 'answered 401', value: refused, unit: '' },
            { metric: 'reset before the answer was read', value: reset, unit: '' },
            { metric: 'other answers', value: flood.requests - refused - reset, unit: '' },
          ],
        },
      ],
      summary: [
        `p99 ${round(alone.p99, 2)} ms alone, ${round(flooded.p99, 2)} ms during the flood ` +
          `(ratio ${round(flooded.p99 / alone.p99, 2)}); ${refused} of ${flood.requests} flood requests answered 401: ` +
          verdict(met),
        `p99 during the 16 MB flood / during the empty-body flood: ${round(flooded.p99 / empty.calculations.p99, 2)} ` +
          `(${flood.requests} and ${empty.flood.requests} requests): what the calculations lose is the price of ` +
          'answering anonymous requests at that rate, not of their bodies',
        `1-minute load average at the flood's start ${round(loadBefore, 2)} on ${os.cpus().length} CPUs`,
      ],
    };
  } finally {
    await app.stop();
  }
}

const scenario: BenchScenario = {
  id: 'S-anonymous-flood',
  title: 'paced calculations with and without a flood of anonymous 16 MB bodies',
  target:
    'the calculations’ p99 under the flood within 2 × (and 5 ms) of their p99 alone; every flood request 401',
  run: () => measureEachBuild(measure),
};

export default scenario;
