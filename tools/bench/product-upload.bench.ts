import { exampleUpload, ProductValidator } from '@delivery/contracts';
import { type BenchScenario, verdict } from './bench-scenario';
import { percentile, round } from './load';
import { scrape } from './bench-services';
import { cpuMs, loadAverage, startProductBench } from './product-bench-services';

const WARM_UP = 5;
const SAMPLES = 60;

/**
 * Q1.1: `POST /load-products` with 3000 products, concurrency 1, time to the 200 (sent after the broker confirmed
 * every message), from a client in this process to the upload service in its own process (production mode) on a
 * real RabbitMQ (quorum queue, purged between requests). The longest event-loop stall of the service is prom-client's
 * `nodejs_eventloop_lag_max_seconds` (monitorEventLoopDelay, 10 ms resolution), reset by a scrape before the run;
 * it also counts time the process waits for a CPU, so it is only meaningful on a quiet machine (the load average is
 * reported). Baseline in the same run: JSON.parse + the compiled validator on the same body, in this process; its
 * JSON.parse alone is the one synchronous slice parsing the body whole would take.
 */
const scenario: BenchScenario = {
  id: 'Q1.1',
  title: 'POST /load-products, 3000 products, concurrency 1, time to the 200 after broker confirms',
  target:
    'p50 ≤ 150 ms, p99 ≤ 300 ms, longest event-loop stall ≤ 100 ms, ratio to parse + compiled validation ≤ 3',
  async run() {
    const bench = await startProductBench({
      worker: false,
    });
    try {
      const body = JSON.stringify(exampleUpload(3000));
      for (let i = 0; i < WARM_UP; i++) {
        const res = await bench.post(body);
        if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
        await bench.purgeQueue();
      }
      await scrape(bench.upload, 'nodejs_eventloop_lag_max_seconds'); // resets the max
      const loadStart = loadAverage();
      const cpuStart = cpuMs(bench.upload.child.pid as number);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const res = await bench.post(body);
        if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
        times.push(res.ms);
        await bench.purgeQueue();
      }
      const cpuPerRequest = (cpuMs(bench.upload.child.pid as number) - cpuStart) / SAMPLES;
      const stallMs = (await scrape(bench.upload, 'nodejs_eventloop_lag_max_seconds')) * 1000;
      const loadEnd = loadAverage();
      const validator = new ProductValidator('America/Lima');
      const baseline: number[] = [];
      const parseOnly: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        const started = performance.now();
        const parsed = JSON.parse(body) as { products: unknown[] };
        const parsedAt = performance.now();
        validator.validateAll(parsed.products);
        if (i >= WARM_UP) baseline.push(performance.now() - started);
        if (i >= WARM_UP) parseOnly.push(parsedAt - started);
      }
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const ratio = p50 / percentile(baseline, 50);
      return {
        rows: [
          {
            subject: `POST /load-products, 3000 products (${round(body.length / 2 ** 20, 2)} MiB), ${SAMPLES} requests`,
            figures: [
              { metric: 'p50', value: round(p50), unit: 'ms' },
              { metric: 'p99', value: round(p99), unit: 'ms' },
              { metric: 'longest event-loop stall', value: round(stallMs), unit: 'ms' },
              { metric: 'service CPU per request', value: round(cpuPerRequest), unit: 'ms' },
            ],
          },
          {
            subject: 'baseline: JSON.parse + compiled validation of the same body, in process',
            figures: [
              { metric: 'p50', value: round(percentile(baseline, 50)), unit: 'ms' },
              { metric: 'p99', value: round(percentile(baseline, 99)), unit: 'ms' },
              { metric: 'JSON.parse alone p50', value: round(percentile(parseOnly, 50)), unit: 'ms' },
              { metric: 'max', value: round(Math.max(...parseOnly)), unit: 'ms' },
            ],
          },
        ],
        summary: [
          `p50 ${round(p50)} ms (≤ 150): ${verdict(p50 <= 150)}; p99 ${round(p99)} ms (≤ 300): ${verdict(p99 <= 300)}`,
          `longest event-loop stall ${round(stallMs)} ms (≤ 100): ${verdict(stallMs <= 100)}`,
          `ratio p50 / baseline p50 ${round(ratio, 2)} (≤ 3): ${verdict(ratio <= 3)}`,
          `load average (1 min) ${loadStart} when the requests started, ${loadEnd} when they ended`,
        ],
      };
    } finally {
      await bench.stop();
    }
  },
};

export default scenario;
