/**
 * Outcome events through the broker end to end (docs/accuracy.md): BENCH_OUTCOME_EVENTS (default 1,000,000) events,
 * four per promise (PICKED, DISPATCHED, DELIVERY_FAILED or nothing, DELIVERED), published in messages of 1,000 with
 * confirms to `delivery-outcomes`, consumed by one outcome worker running as its own process (built, as the image
 * runs it) with its default prefetch; the clock runs from the first publish to the last event stored and its
 * promise evaluated. Also the worker's peak resident memory, and the worst of the reference calculations that
 * capacity-service (as deployed, on the same database, demo world) answers back to back meanwhile, against the worst
 * of the same calculations for as long afterwards.
 */
import { execFileSync } from 'node:child_process';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { formatDate, parseDate } from '@delivery/capacity-domain';
import { outcomeTopology } from '@delivery/capacity-data-access';
import { createRabbitTestVhost } from '@delivery/messaging/testing';
import { startAppProcess } from '@delivery/platform/testing';
import type { LatencyFigures } from './back-to-back';
import { type BenchScenario, verdict } from './bench-scenario';
import { peakRssMb, scrape } from './bench-services';
import { prepareDemoDatabase, today as limaToday } from './capacity-calculation.bench';
import { outcomeEventsFor } from './outcome-promises';
import { referenceRequest } from './engine.bench';
import { round } from './load';
import { insertPromises } from './outcome-promises';
import { calculationClient, startService } from './scale-world';

const EVENTS = Number(process.env.BENCH_OUTCOME_EVENTS ?? 1_000_000);
const PER_MESSAGE = 1000;
const TARGET_PER_SECOND = 5000;
const LAG = 'nodejs_eventloop_lag_max_seconds';

const scenario: BenchScenario = {
  id: 'O-ingest',
  title: `${EVENTS.toLocaleString('en')} outcome events through RabbitMQ into Postgres`,
  target: `1M outcome events through the broker at ≥ ${TARGET_PER_SECOND.toLocaleString('en')} events/s end to end`,
  async run() {
    const url = await prepareDemoDatabase('delivery_bench_outcome_ingest');
    const promises = Math.ceil(EVENTS / 4);
    // the day before yesterday: the latest event (a failed delivery's, the day after) is then in the past
    const last = formatDate((parseDate(limaToday()) as number) - 2);
    await insertPromises(url, { count: promises, routes: 1000, days: 28, last, delivered: false });
    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ id: string; promised: string }>(
      `SELECT reservation_identifier AS id, promised_date::text AS promised FROM delivery_promises ORDER BY 1`,
    );
    const events = outcomeEventsFor(rows).slice(0, EVENTS);

    // everything started is stopped, in reverse order, however the run ends
    const started: (() => unknown)[] = [() => client.end()];
    let seconds: number;
    let rss: number;
    let idle: LatencyFigures;
    let meanwhile: LatencyFigures;
    let stallMs: number;
    try {
      // capacity-service built (dist/, as the image runs it) and started first, the per-client limit lifted, as
      // for Q1.3 (the calculations come from one client, back to back); the worker built and started after it
      const capacity = await startService(url, { RATE_LIMIT: '1000000' });
      started.push(() => capacity.app.stop());
      const rabbit = await createRabbitTestVhost();
      started.push(() => rabbit.dispose());
      const calculations = await calculationClient(
        capacity,
        JSON.stringify({ ...referenceRequest(), purchaseDate: limaToday() }),
      );
      started.push(() => calculations.close());
      execFileSync(process.execPath, ['node_modules/.bin/nx', 'build', 'outcome-worker'], {
        stdio: 'ignore',
      });
      const worker = await startAppProcess('dist/apps/outcome-worker/src/main.js', {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        AMQP_URL: rabbit.url,
        OUTCOME_SWEEP_INTERVAL_MS: '3600000',
      });
      started.push(() => worker.stop());
      const topology = outcomeTopology();
      /** Publishes every event, then waits until the last one is stored. */
      const ingest = async () => {
        const connection = await connect(rabbit.url);
        const channel = await connection.createConfirmChannel();
        for (let start = 0; start < events.length; start += PER_MESSAGE) {
          channel.publish(
            topology.names.exchange,
            topology.names.routingKey,
            Buffer.from(JSON.stringify({ events: events.slice(start, start + PER_MESSAGE) })),
            { persistent: true, contentType: 'application/json', messageId: `bench-${start}` },
          );
          if ((start / PER_MESSAGE) % 50 === 49) await channel.waitForConfirms();
        }
        await channel.waitForConfirms();
        await connection.close();
        for (;;) {
          const [{ n }] = (
            await client.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery_outcome_events')
          ).rows;
          if (n >= events.length) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await worker.waitUntilReady();
      await scrape(capacity.app, LAG); // resets the max
      const begun = performance.now();
      meanwhile = (await calculations.during(ingest)).latency;
      seconds = (performance.now() - begun) / 1000;
      stallMs = (await scrape(capacity.app, LAG)) * 1000;
      rss = peakRssMb(worker.child.pid as number);
      idle = await calculations.idle(seconds * 1000);
    } finally {
      for (const stop of started.reverse()) await stop();
    }
    const perSecond = events.length / seconds;
    return {
      rows: [
        {
          subject: `${events.length.toLocaleString('en')} events, ${Math.ceil(events.length / PER_MESSAGE)} messages, one worker`,
          figures: [
            { metric: 'end to end', value: round(seconds, 2), unit: 's' },
            { metric: 'throughput', value: Math.round(perSecond), unit: 'events/s' },
            { metric: 'worker peak RSS', value: rss, unit: 'MB' },
          ],
        },
        {
          subject: 'capacity-service: reference calculations back to back, while the events are ingested',
          figures: [
            { metric: 'calculations', value: meanwhile.count, unit: '' },
            { metric: 'worst', value: meanwhile.max, unit: 'ms' },
            { metric: 'longest event-loop delay', value: round(stallMs, 1), unit: 'ms' },
          ],
        },
        {
          subject: 'the same for as long, after',
          figures: [
            { metric: 'calculations', value: idle.count, unit: '' },
            { metric: 'worst', value: idle.max, unit: 'ms' },
          ],
        },
      ],
      summary: [
        `${Math.round(perSecond)} events/s (target ≥ ${TARGET_PER_SECOND}): ${verdict(perSecond >= TARGET_PER_SECOND)}`,
        `worst calculation while the events were ingested ${meanwhile.max} ms (target ≤ 100 ms): ${verdict(meanwhile.max <= 100)}; ${idle.max} ms after`,
      ],
    };
  },
};

export default scenario;
