import { bearer, mintToken } from '@delivery/auth/testing';
import type { BenchScenario } from './bench-scenario';
import { freshBenchDatabase, startBenchCapacityService } from './bench-services';
import { round, runLoad } from './load';

/**
 * The cheapest authenticated operation of capacity-service (`GET {base}/whoami`, JWT verified, scope checked):
 * the baseline Q1.3 compares the calculation against. Peak throughput with 10 connections, then latency at a
 * fixed 200 req/s.
 */
const scenario: BenchScenario = {
  id: 'Q1.3-baseline',
  title: 'capacity-service trivial authenticated endpoint (GET /whoami)',
  target: 'baseline for Q1.3 (no target of its own)',
  async run() {
    // the per-client limit lifted, as for Q1.3's calculations: the peak measures answers, not 429s
    const app = await startBenchCapacityService(await freshBenchDatabase(), { RATE_LIMIT: '1000000' });
    try {
      const headers = {
        Authorization: bearer(await mintToken({ scopes: ['capacity:calculate'], expiresIn: 3600 })),
      };
      const url = `${app.url}/capacity/v1/whoami`;
      await runLoad({ url, headers, durationSeconds: 3, connections: 10 }); // warm-up
      const peak = await runLoad({ url, headers, durationSeconds: 10, connections: 10 });
      const fixed = await runLoad({ url, headers, durationSeconds: 10, connections: 10, rate: 200 });
      return {
        rows: [
          {
            subject: 'GET /whoami, peak (10 connections)',
            figures: [
              { metric: 'throughput', value: round(peak.requestsPerSecond), unit: 'req/s' },
              { metric: 'p50', value: peak.p50, unit: 'ms' },
              { metric: 'p99', value: peak.p99, unit: 'ms' },
              { metric: 'errors + non-2xx', value: peak.errors + peak.non2xx, unit: '' },
            ],
          },
          {
            subject: 'GET /whoami at 200 req/s',
            figures: [
              { metric: 'p50', value: fixed.p50, unit: 'ms' },
              { metric: 'p99', value: fixed.p99, unit: 'ms' },
              { metric: 'errors + non-2xx', value: fixed.errors + fixed.non2xx, unit: '' },
            ],
          },
        ],
        summary: [
          `trivial endpoint peak: ${round(peak.requestsPerSecond)} req/s (the Q1.3 ratio's denominator)`,
        ],
      };
    } finally {
      await app.stop();
    }
  },
};

export default scenario;
