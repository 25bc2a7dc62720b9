/**
 * S-floor: each request path of the services against its floor, in one run. The floor is tools/bench/floor-server.ts,
 * a bare `node:http` server in its own process doing only the I/O of the path (verify the same HS256 token, read and
 * parse the same body, the service's read statement for that body on the same database — one round trip, the
 * statement the calculation sends —, an answer of the same size; for the upload,
 * publish the same products in batches of the same size with confirms to a quorum queue on the same broker).
 *  - peaks: autocannon, 10 connections, service and floor alternating over ROUNDS rounds, the median round kept;
 *  - the calculation's p99 at an even 200 requests/s (Q1.3's pace) on the service;
 *  - uploads: 3,000 products one at a time, service and floor alternating, queues purged after each.
 * Targets: the calculation ≥ 0.6 × its floor, `/whoami` ≥ 0.5 × its floor, calculation p99 at 200/s ≤ 20 ms.
 * The floor sends one statement per request; the service reads the calculations that arrive in the same turn with
 * one shared statement (CalculationDataReader), so at a peak its database work is smaller than the floor's and the
 * calculation's ratio can pass 1: the ratio measures the way through the framework only for `/whoami` and the upload.
 * With `BENCH_COMPARE_DIST=<another build's dist/>` (named `BENCH_COMPARE_NAME`), that build's capacity-service takes
 * its turn in the same rounds, before this one and the floor, and the summary gives the difference per request
 * (1/throughput) between the two builds' peaks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearer, mintToken } from '@delivery/auth/testing';
import { CalculationDataReader } from '@delivery/capacity-data-access';
import { planReads, type CalculateDeliveryCapacityRequest } from '@delivery/capacity-domain';
import type { NamedStatement, Sql } from '@delivery/persistence';
import { exampleUpload } from '@delivery/contracts';
import type { AppProcess } from '@delivery/platform/testing';
import { type BenchResult, type BenchScenario, comparedBuilds, verdict } from './bench-scenario';
import { startBenchCapacityService } from './bench-services';
import { prepareDemoDatabase, today } from './capacity-calculation.bench';
import { demo, referenceRequest } from './engine.bench';
import { type LoadFigures, percentile, round, runLoad } from './load';
import { Q13_PACE, runPacedLoad } from './paced-load';
import { loadAverage, purgeFloorQueue, startFloorServer, startProductBench } from './product-bench-services';

const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 10;
const UPLOADS = 30;

const median = (values: number[]) => percentile(values, 50);

/** The read statement the service sends for one calculation of `request` now (its planned reads, one round trip). */
async function readStatementOf(request: CalculateDeliveryCapacityRequest): Promise<NamedStatement> {
  let sent: NamedStatement | undefined;
  const recorder: Sql = {
    query: () => Promise.resolve([]),
    prepared: (statement) => {
      sent = statement;
      return Promise.resolve([]);
    },
  };
  const plan = planReads(demo().snapshot, request, { now: () => new Date() });
  await new CalculationDataReader(recorder).read(plan);
  if (!sent) throw new Error('the reference request reads nothing');
  return sent;
}

/** The median round of peaks: requests/s, and that round's p99. */
function medianPeak(rounds: LoadFigures[]): LoadFigures {
  return [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(rounds.length / 2)];
}

const scenario: BenchScenario = {
  id: 'S-floor',
  title: 'Each request path against a bare node:http server doing the same I/O, in one run',
  target:
    'calculation ≥ 0.6 × its floor; GET /whoami ≥ 0.5 × its floor; calculation p99 at 200 req/s ≤ 20 ms',
  async run(): Promise<BenchResult> {
    const databaseUrl = await prepareDemoDatabase('delivery_bench_floor');
    const capacity = await startBenchCapacityService(databaseUrl, { RATE_LIMIT: '1000000' });
    const [compared] = comparedBuilds().filter((build) => build.dist !== undefined);
    const before =
      compared?.dist &&
      (await startBenchCapacityService(
        databaseUrl,
        { RATE_LIMIT: '1000000' },
        path.relative(process.cwd(), path.resolve(compared.dist, 'apps/capacity-service/src/main.js')),
      ));
    const products = await startProductBench({ worker: false, env: { RATE_LIMIT: '1000000' } });
    const answerFile = path.join(os.tmpdir(), `floor-answer-${process.pid}.json`);
    const statementFile = path.join(os.tmpdir(), `floor-statement-${process.pid}.json`);
    const authorization = bearer(
      await mintToken({ scopes: ['capacity:calculate', 'products:write'], expiresIn: 3600 }),
    );
    const request = { ...referenceRequest(), purchaseDate: today() };
    const body = JSON.stringify(request);
    const post = {
      method: 'POST' as const,
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    };
    let floor: AppProcess | undefined;
    try {
      const served = await fetch(`${capacity.url}/capacity/v1/delivery/capacity`, { ...post, body });
      if (served.status !== 200) throw new Error(`the reference request answered ${served.status}`);
      const answer = await served.text();
      fs.writeFileSync(answerFile, answer);
      fs.writeFileSync(statementFile, JSON.stringify(await readStatementOf(request)));
      floor = await startFloorServer(products, {
        DATABASE_URL: databaseUrl,
        FLOOR_CALCULATION_ANSWER: answerFile,
        FLOOR_READ_STATEMENT: statementFile,
      });
      const floorAnswer = await (await fetch(`${floor.url}/delivery/capacity`, { ...post, body })).text();
      if (floorAnswer.length !== answer.length) throw new Error('the floor answers another size');

      // sides: this build, the floor, then the compared build when there is one
      const paths = {
        calculation: [
          `${capacity.url}/capacity/v1/delivery/capacity`,
          `${floor.url}/delivery/capacity`,
          ...(before ? [`${before.url}/capacity/v1/delivery/capacity`] : []),
        ],
        whoami: [
          `${capacity.url}/capacity/v1/whoami`,
          `${floor.url}/whoami`,
          ...(before ? [`${before.url}/capacity/v1/whoami`] : []),
        ],
      };
      const peak = (url: string, durationSeconds: number) =>
        url.endsWith('/whoami')
          ? runLoad({
              url,
              headers: { Authorization: authorization },
              durationSeconds,
              connections: CONNECTIONS,
            })
          : runLoad({ url, ...post, body, durationSeconds, connections: CONNECTIONS });
      for (const urls of Object.values(paths)) for (const url of urls) await peak(url, 2);

      const loadBefore = os.loadavg()[0];
      const sides = paths.whoami.map((_, side) => side);
      const peaks = {
        calculation: sides.map(() => []),
        whoami: sides.map(() => []),
      } as Record<keyof typeof paths, LoadFigures[][]>;
      // the compared build first in each round, then this one, then the floor
      const order = before ? [2, 0, 1] : [0, 1];
      for (let round = 0; round < ROUNDS; round++)
        for (const name of ['calculation', 'whoami'] as const)
          for (const side of order) peaks[name][side].push(await peak(paths[name][side], SECONDS));
      const paced = await runPacedLoad({ url: paths.calculation[0], ...post, body, ...Q13_PACE });

      const upload = JSON.stringify(exampleUpload(3000));
      const purge = async () => {
        await products.purgeQueue();
        await purgeFloorQueue(products);
      };
      const uploadTimes: number[][] = [[], []];
      const uploadUrls = [
        `${products.upload.url}/product-upload/v1/load-products`,
        `${floor.url}/load-products`,
      ];
      for (let i = -3; i < UPLOADS; i++)
        for (const side of [0, 1]) {
          const started = performance.now();
          const res = await fetch(uploadUrls[side], { ...post, body: upload });
          await res.text();
          if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
          if (i >= 0) uploadTimes[side].push(performance.now() - started);
          await purge();
        }
      const load = `${round(loadBefore, 2)} → ${round(loadAverage(), 2)}`;

      const rows: BenchResult['rows'] = [];
      const summary: string[] = [];
      for (const [name, target] of [
        ['calculation', 0.6],
        ['whoami', 0.5],
      ] as const) {
        const [service, bare, other] = peaks[name].map(medianPeak);
        const label = name === 'calculation' ? 'POST /delivery/capacity (reference request)' : 'GET /whoami';
        const ratio = service.requestsPerSecond / bare.requestsPerSecond;
        if (other && compared) {
          rows.push({
            subject: `${label}, ${compared.name}, peak (${CONNECTIONS} connections, median of ${ROUNDS} rounds)`,
            figures: [
              { metric: 'throughput', value: round(other.requestsPerSecond), unit: 'req/s' },
              { metric: 'p99', value: other.p99, unit: 'ms' },
            ],
          });
          const perRequestUs = 1e6 / service.requestsPerSecond - 1e6 / other.requestsPerSecond;
          summary.push(
            `${label}: ${compared.name} ${round(other.requestsPerSecond / bare.requestsPerSecond, 2)} × the floor; this build costs ${round(perRequestUs, 1)} µs more per request at the peak (1/throughput)`,
          );
        }
        rows.push(
          {
            subject: `${label}, service, peak (${CONNECTIONS} connections, median of ${ROUNDS} rounds)`,
            figures: [
              { metric: 'throughput', value: round(service.requestsPerSecond), unit: 'req/s' },
              { metric: 'p99', value: service.p99, unit: 'ms' },
            ],
          },
          {
            subject: `${label}, floor (bare node:http, same I/O)`,
            figures: [
              { metric: 'throughput', value: round(bare.requestsPerSecond), unit: 'req/s' },
              { metric: 'p99', value: bare.p99, unit: 'ms' },
            ],
          },
        );
        summary.push(
          `${label}: ${round(ratio, 2)} × its floor (target ≥ ${target}): ${verdict(ratio >= target)}`,
        );
      }
      rows.push({
        subject: `POST /delivery/capacity at ${Q13_PACE.rate} req/s, even pacing, service`,
        figures: [
          { metric: 'p50', value: round(paced.p50, 2), unit: 'ms' },
          { metric: 'p99', value: round(paced.p99, 2), unit: 'ms' },
          { metric: 'max', value: round(paced.max, 1), unit: 'ms' },
        ],
      });
      summary.push(
        `calculation p99 at ${Q13_PACE.rate} req/s: ${round(paced.p99, 2)} ms (≤ 20): ${verdict(paced.p99 <= 20)}`,
      );
      const [serviceUploads, floorUploads] = uploadTimes;
      for (const [subject, times] of [
        [`POST /load-products, 3000 products, service, ${UPLOADS} requests one at a time`, serviceUploads],
        ['POST /load-products, floor (verify, parse, publish with confirms)', floorUploads],
      ] as const)
        rows.push({
          subject,
          figures: [
            { metric: 'p50', value: round(median(times)), unit: 'ms' },
            { metric: 'p99', value: round(percentile(times, 99)), unit: 'ms' },
          ],
        });
      summary.push(
        `upload: p50 ${round(median(serviceUploads))} ms, ${round(median(serviceUploads) / median(floorUploads), 2)} × its floor's ${round(median(floorUploads))} ms`,
        `machine: 1-minute load average ${load} on ${os.cpus().length} CPUs; the services, the floor, Postgres, RabbitMQ and the load generator share them`,
      );
      return { rows, summary };
    } finally {
      await floor?.stop();
      await Promise.all([capacity.stop(), products.stop(), before ? before.stop() : undefined]);
      for (const file of [answerFile, statementFile]) fs.rmSync(file, { force: true });
    }
  },
};

export default scenario;
