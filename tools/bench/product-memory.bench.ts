import { exampleUpload } from '@delivery/contracts';
import { defaultsOf } from '../deploy/app-environment';
import { type BenchScenario, verdict } from './bench-scenario';
import { peakRssMb } from './bench-services';
import { loadAverage, startProductBench } from './product-bench-services';

const ROUNDS = 5;
const { WORKER_PREFETCH } = defaultsOf('product-ingest-worker') as unknown as { WORKER_PREFETCH: number };
const CONCURRENT = 4;

/**
 * Q1.5: peak resident memory (VmHWM) of the upload service during rounds of 4 concurrent 3000-product uploads,
 * and of the worker ingesting everything they published (60,000 products), both as their own processes.
 */
const scenario: BenchScenario = {
  id: 'Q1.5',
  title: 'Memory: upload service during 4 concurrent 3000-product uploads; worker while ingesting them',
  target: 'upload service RSS ≤ 400 MB; worker RSS ≤ 300 MB',
  async run() {
    const bench = await startProductBench({ worker: true });
    try {
      const baseUpload = peakRssMb(bench.upload.child.pid as number);
      const baseWorker = peakRssMb(bench.worker?.child.pid as number);
      const loadStart = loadAverage();
      for (let round = 0; round < ROUNDS; round++) {
        const bodies = Array.from({ length: CONCURRENT }, (_, i) =>
          JSON.stringify(exampleUpload(3000, 1 + (round * CONCURRENT + i) * 3000)),
        );
        const answers = await Promise.all(bodies.map((body) => bench.post(body)));
        const failed = answers.find((answer) => answer.status !== 200);
        if (failed) throw new Error(`upload answered ${failed.status}: ${failed.text}`);
      }
      for (;;) {
        const [{ done }] = await bench.query<{ done: number }>(
          `SELECT count(*)::int AS done FROM product_uploads WHERE manifest_recorded AND batch_done = batch_total`,
        );
        if (done === ROUNDS * CONCURRENT) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const upload = peakRssMb(bench.upload.child.pid as number);
      const worker = peakRssMb(bench.worker?.child.pid as number);
      return {
        rows: [
          {
            subject: `upload service, ${ROUNDS} rounds of ${CONCURRENT} concurrent 3000-product uploads`,
            figures: [
              { metric: 'peak RSS', value: upload, unit: 'MB' },
              { metric: 'after start', value: baseUpload, unit: 'MB' },
            ],
          },
          {
            subject: `worker, ingesting ${ROUNDS * CONCURRENT * 3000} products (prefetch ${WORKER_PREFETCH}, its default)`,
            figures: [
              { metric: 'peak RSS', value: worker, unit: 'MB' },
              { metric: 'after start', value: baseWorker, unit: 'MB' },
            ],
          },
        ],
        summary: [
          `upload service peak ${upload} MB (≤ 400): ${verdict(upload <= 400)}`,
          `worker peak ${worker} MB (≤ 300): ${verdict(worker <= 300)}`,
          `load average (1 min) ${loadStart} when the uploads started, ${loadAverage()} when ingestion ended`,
        ],
      };
    } finally {
      await bench.stop();
    }
  },
};

export default scenario;
