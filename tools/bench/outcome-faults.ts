/**
 * The outcome worker under faults (docs/benchmarks.md, "O-faults"): outcome events published with confirms to
 * `delivery-outcomes`, consumed by one outcome worker running as its own process, while the worker is SIGKILLed
 * and started again, or its broker or database connection is cut (a TcpProxy in between: the shared RabbitMQ and
 * Postgres are never stopped) and restored. What it counts afterwards: events sent, stored, redelivered events the
 * worker found already stored (duplicates, not written twice), lost (sent, never stored), dead-lettered, and
 * whether every promise was evaluated and the accuracy day rows equal a recount.
 */
import { connect } from 'amqplib';
import { Client } from 'pg';
import { formatDate, parseDate } from '@delivery/capacity-domain';
import { outcomeTopology } from '@delivery/capacity-data-access';
import { RabbitTestVhost, TcpProxy, waitFor } from '@delivery/messaging/testing';
import { type AppProcess, startAppProcess } from '@delivery/platform/testing';
import { insertPromises, outcomeEventsFor } from './outcome-promises';

/** The outcome worker's entry point, run as Kubernetes runs it. */
export const OUTCOME_WORKER_MAIN = 'apps/outcome-worker/src/main.ts';

/** Events per published message (as O-ingest). */
export const EVENTS_PER_MESSAGE = 1000;

export type OutcomeFault = 'worker-killed' | 'broker-cut' | 'database-cut';

export interface OutcomeFaultCounts {
  sent: number;
  stored: number;
  /** stored events when the fault struck */
  atFault: number;
  /** events delivered again after the fault and found already stored (the worker's metric after the fault) */
  duplicates: number;
  lost: number;
  deadLettered: number;
  /** promises whose DELIVERED event was evaluated, of `promises` */
  evaluated: number;
  promises: number;
  /** the accuracy day rows equal a recount from the promises */
  dayRowsExact: boolean;
}

const DAY_ROWS_EXACT = `
  SELECT NOT EXISTS (
    (SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
       state, delay_days, coalesce(slipped_step, ''), count(*)::int, sum(failed_attempts)::int,
       sum(ignored_events)::int
     FROM delivery_promises GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
     EXCEPT ALL
     SELECT promised_date, route, origin, destination, dispatch_mode, delivery_window, state, delay_days,
       slipped_step, promises, failed_attempts, ignored_events FROM delivery_accuracy_days)
    UNION ALL
    (SELECT promised_date, route, origin, destination, dispatch_mode, delivery_window, state, delay_days,
       slipped_step, promises, failed_attempts, ignored_events FROM delivery_accuracy_days
     EXCEPT ALL
     SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
       state, delay_days, coalesce(slipped_step, ''), count(*)::int, sum(failed_attempts)::int,
       sum(ignored_events)::int
     FROM delivery_promises GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9)
  ) AS exact`;

async function metric(worker: AppProcess, line: string): Promise<number> {
  const text = await (await fetch(`${worker.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(line))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/**
 * `events` outcome events (a multiple of 4) through a worker on `databaseUrl` (migrated, no promises yet) and
 * `rabbit`, with `fault` struck once `strikeAfter` events are stored (default: the first message's) and the others
 * published (in flight or queued), and lifted after `outageMs` (the cuts; a killed worker is started again at once).
 * The messages up to `strikeAfter` are published first, the others once those are stored, and the fault strikes
 * as soon as they are confirmed: in the middle of the stream, however fast the worker. Resolves when every event is
 * stored and every promise evaluated, or rejects after `timeoutMs`.
 */
export async function outcomeFaultRun(options: {
  databaseUrl: string;
  rabbit: RabbitTestVhost;
  fault: OutcomeFault;
  events: number;
  strikeAfter?: number;
  outageMs?: number;
  timeoutMs?: number;
}): Promise<OutcomeFaultCounts> {
  const { databaseUrl, rabbit, fault, events: count, outageMs = 5000, timeoutMs = 300_000 } = options;
  const strikeAfter = options.strikeAfter ?? EVENTS_PER_MESSAGE;
  const promises = count / 4;
  const today = new Date().toISOString().slice(0, 10);
  await insertPromises(databaseUrl, {
    count: promises,
    routes: 100,
    days: 28,
    // the last promised day the day before yesterday: its latest event (a failed delivery's, the day after) is then
    // in the past, as the service requires of an event (not later than now plus OUTCOME_CLOCK_SKEW_MS)
    last: formatDate((parseDate(today) as number) - 2),
    delivered: false,
  });
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const started: (() => unknown)[] = [() => client.end()];
  try {
    const { rows } = await client.query<{ id: string; promised: string }>(
      `SELECT reservation_identifier AS id, promised_date::text AS promised FROM delivery_promises ORDER BY 1`,
    );
    const events = outcomeEventsFor(rows);
    const brokerProxy = fault === 'broker-cut' ? await TcpProxy.start(rabbit.url) : undefined;
    const databaseProxy = fault === 'database-cut' ? await TcpProxy.start(databaseUrl) : undefined;
    started.push(
      () => brokerProxy?.close(),
      () => databaseProxy?.close(),
    );
    const env = {
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseProxy ? databaseProxy.urlFor(databaseUrl) : databaseUrl,
      AMQP_URL: brokerProxy ? brokerProxy.urlFor(rabbit.url) : rabbit.url,
      OUTCOME_SWEEP_INTERVAL_MS: '3600000',
    };
    let worker = await startAppProcess(OUTCOME_WORKER_MAIN, env);
    started.push(() => worker.stop());
    await worker.waitUntilReady(60_000);

    const topology = outcomeTopology();
    const connection = await connect(rabbit.url);
    started.push(() => connection.close());
    const channel = await connection.createConfirmChannel();
    /** The events from `from` to `to`, a message per EVENTS_PER_MESSAGE, confirmed. */
    const publish = async (from: number, to: number) => {
      for (let start = from; start < to; start += EVENTS_PER_MESSAGE) {
        channel.publish(
          topology.names.exchange,
          topology.names.routingKey,
          Buffer.from(JSON.stringify({ events: events.slice(start, start + EVENTS_PER_MESSAGE) })),
          { persistent: true, contentType: 'application/json', messageId: `fault-${start}` },
        );
        if ((start / EVENTS_PER_MESSAGE) % 50 === 49) await channel.waitForConfirms();
      }
      await channel.waitForConfirms();
    };
    const stored = async () =>
      (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery_outcome_events')).rows[0].n;
    const before = Math.min(events.length, Math.ceil(strikeAfter / EVENTS_PER_MESSAGE) * EVENTS_PER_MESSAGE);
    await publish(0, before);
    await waitFor(async () => (await stored()) >= strikeAfter, timeoutMs, `${strikeAfter} events stored`);
    await publish(before, events.length);
    const atFault = await stored();
    let duplicatesBefore = 0;
    if (fault === 'worker-killed') {
      worker.child.kill('SIGKILL');
      if ((await worker.exited) !== 'SIGKILL') throw new Error('the worker did not die of SIGKILL');
      worker = await startAppProcess(OUTCOME_WORKER_MAIN, env);
      await worker.waitUntilReady(60_000);
    } else {
      duplicatesBefore = await metric(
        worker,
        'delivery_outcome_events_total{source="broker",result="duplicate"}',
      );
      const proxy = (brokerProxy ?? databaseProxy) as TcpProxy;
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, outageMs));
      proxy.restore();
    }

    const evaluated = async () =>
      (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM delivery_promises WHERE state = 'DELIVERED' AND NOT stale`,
        )
      ).rows[0].n;
    const queued = async () => {
      const depths = await Promise.all(
        [topology.names.queue, topology.names.retryQueue].map((queue) => channel.checkQueue(queue)),
      );
      return depths.reduce((sum, depth) => sum + depth.messageCount, 0);
    };
    await waitFor(
      async () =>
        (await stored()) === events.length && (await evaluated()) === promises && (await queued()) === 0,
      timeoutMs,
      'every event stored and every promise evaluated',
    );
    const final = await stored();
    const deadLettered = (await channel.checkQueue(topology.names.deadLetterQueue)).messageCount;
    const duplicates =
      (await metric(worker, 'delivery_outcome_events_total{source="broker",result="duplicate"}')) -
      duplicatesBefore;
    const [{ exact }] = (await client.query<{ exact: boolean }>(DAY_ROWS_EXACT)).rows;
    return {
      sent: events.length,
      stored: final,
      atFault,
      duplicates,
      lost: events.length - final,
      deadLettered,
      evaluated: await evaluated(),
      promises,
      dayRowsExact: exact,
    };
  } finally {
    for (const stop of started.reverse()) await stop();
  }
}
