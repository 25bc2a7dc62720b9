import { connect } from 'amqplib';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { outcomeTopology } from '@delivery/capacity-data-access';
import { MessageHeaders } from '@delivery/messaging';
import { createRabbitTestVhost, RabbitTestVhost, waitFor } from '@delivery/messaging/testing';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import {
  confirmedReservation,
  eventRows,
  outcomeEvent,
  promiseRow,
} from '@delivery/outcome-recording/testing';
import { createOutcomeWorkerApp } from '../worker.app';
import { parseOutcomeWorkerConfig } from '../worker.config';

/**
 * The outcome worker as an app: messages published to the broker end as events and promise outcomes in Postgres,
 * or, malformed, as dead letters with their reason and nothing stored. Promise ORD-1: reserved 2026-03-07, picking
 * planned 03-08, departure 03-09 on R1, promised 03-10 (Lima).
 */
describe('OutcomeEventsConsumer (outcome worker, RabbitMQ and Postgres)', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  let app: NestExpressApplication;
  let db: Database;
  const topology = outcomeTopology();

  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    app = await createOutcomeWorkerApp(
      parseOutcomeWorkerConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        AMQP_URL: rabbit.url,
        OUTCOME_SWEEP_INTERVAL_MS: String(3_600_000),
      }),
    );
    await app.init();
    db = app.get(Database);
    await waitFor(
      async () => (await request(app.getHttpServer()).get('/health/ready')).status === 200,
      10_000,
      'readiness',
    );
    await confirmedReservation(db, 'ORD-1', '2026-03-07T15:00:00Z', [
      { deliveryDate: '2026-03-10', pickingDate: '2026-03-08', legs: [['R1', '2026-03-09']] },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), rabbit.dispose()]);
  });

  async function publish(
    bodies: (object | string)[],
    contentType: string | null = 'application/json',
  ): Promise<void> {
    const connection = await connect(rabbit.url);
    try {
      const channel = await connection.createConfirmChannel();
      bodies.forEach((body, index) =>
        channel.publish(
          topology.names.exchange,
          topology.names.routingKey,
          Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
          {
            messageId: `m-${Date.now()}-${index}`,
            persistent: true,
            ...(contentType === null ? {} : { contentType }),
          },
        ),
      );
      await channel.waitForConfirms();
    } finally {
      await connection.close();
    }
  }

  async function deadLetter() {
    const connection = await connect(rabbit.url);
    try {
      const channel = await connection.createChannel();
      const letter = await waitFor(
        async () => (await channel.get(topology.policy.deadLetterQueue, { noAck: true })) || undefined,
        10_000,
        'the dead letter',
      );
      return {
        body: letter.content.toString(),
        reason: letter.properties.headers?.[MessageHeaders.deadLetterReason],
        attempt: letter.properties.headers?.[MessageHeaders.attempt],
      };
    } finally {
      await connection.close();
    }
  }

  it('stores events arriving out of order and in separate messages, and computes the outcome from all of them', async () => {
    await publish([{ events: [outcomeEvent('ORD-1', 'DELIVERED', '2026-03-11T17:00:00Z')] }]);
    await waitFor(
      async () => (await promiseRow(db, 'ORD-1'))?.startsWith('DELIVERED'),
      10_000,
      'the delivery',
    );
    expect(await promiseRow(db, 'ORD-1')).toBe('DELIVERED 2026-03-11 1 0 UNKNOWN 0 fresh');

    await publish([
      {
        events: [
          outcomeEvent('ORD-1', 'DISPATCHED', '2026-03-09T13:00:00Z'),
          outcomeEvent('ORD-1', 'PICKED', '2026-03-08T16:00:00Z'),
        ],
      },
    ]);
    await waitFor(async () => (await promiseRow(db, 'ORD-1'))?.includes('TRANSIT'), 10_000, 'the transit');
    expect(await promiseRow(db, 'ORD-1')).toBe('DELIVERED 2026-03-11 1 0 TRANSIT 0 fresh');
  });

  it('counts the same event twice once, and keeps events of an unknown reservation as orphans', async () => {
    const again = { events: [outcomeEvent('ORD-1', 'DELIVERED', '2026-03-11T17:00:00Z')] };
    await publish([
      again,
      again,
      { events: [outcomeEvent('ORD-404', 'PICKED', '2026-03-08T16:00:00-05:00')] },
    ]);
    await waitFor(
      async () => (await eventRows(db)).some((row) => row.startsWith('ORD-404')),
      10_000,
      'the orphan',
    );
    expect(await eventRows(db)).toEqual([
      'ORD-1 0 DELIVERED 2026-03-11T17:00Z matched',
      'ORD-1 0 DISPATCHED 2026-03-09T13:00Z matched',
      'ORD-1 0 PICKED 2026-03-08T16:00Z matched',
      'ORD-404 0 PICKED 2026-03-08T21:00Z orphan',
    ]);
    expect(await promiseRow(db, 'ORD-1')).toBe('DELIVERED 2026-03-11 1 0 TRANSIT 0 fresh');
  });

  it('reads a message published without a content type (persistent only) as an event batch', async () => {
    await publish([{ events: [outcomeEvent('ORD-1', 'CANCELLED', '2026-03-12T10:00:00Z')] }], null);
    await waitFor(
      async () => (await eventRows(db)).some((row) => row.includes('CANCELLED')),
      10_000,
      'the event',
    );
    expect((await eventRows(db)).filter((row) => row.includes('CANCELLED'))).toEqual([
      'ORD-1 0 CANCELLED 2026-03-12T10:00Z matched',
    ]);
  });

  it.each([
    ['without a content type, not JSON', 'not json', null, 'not JSON'],
    ['declared JSON, not JSON', '{"events": [', 'application/json', 'not JSON'],
    ['of a content type not JSON', '{"events": []}', 'text/plain', 'content type text/plain refused'],
  ])('dead-letters a body %s once with its reason, never retried', async (_, body, contentType, reason) => {
    const before = await eventRows(db);
    await publish([body], contentType);
    expect(await deadLetter()).toEqual({ body, reason, attempt: 1 });
    expect(await eventRows(db)).toEqual(before);
  });

  it.each([
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['February 30th', '2026-02-30T12:00:00Z'],
    ['hour 24', '2026-03-10T24:00:00Z'],
    ['an offset that does not exist', '2026-03-10T12:00:00+25:00'],
    ['a day after now', '2099-03-10T12:00:00Z'],
  ])(
    'dead-letters an event dated at %s once, as invalid, never retried as a database failure',
    async (_, occurredAt) => {
      const before = await eventRows(db);
      const body = { events: [outcomeEvent('ORD-1', 'PICKED', occurredAt)] };
      await publish([body]);
      const letter = await deadLetter();
      expect(letter.attempt).toBe(1);
      expect(String(letter.reason)).toMatch(/^invalid outcome events: events\[0\]\.occurredAt: must /);
      expect(await eventRows(db)).toEqual(before);
    },
  );

  it.each([
    ['a body that is not JSON', 'not json', /^not JSON$/],
    [
      'a failed attempt without its reason',
      { events: [outcomeEvent('ORD-1', 'DELIVERY_FAILED', '2026-03-10T19:00:00Z')] },
      /^invalid outcome events: events\[0\]\.reason: is required for DELIVERY_FAILED$/,
    ],
    [
      'an unknown event type among valid ones',
      {
        events: [
          outcomeEvent('ORD-1', 'CANCELLED', '2026-03-09T10:00:00Z'),
          outcomeEvent('ORD-1', 'LOST', '2026-03-10T19:00:00Z'),
        ],
      },
      /^invalid outcome events: events\[1\]\.type: must be one of PICKED, DISPATCHED, DELIVERED, DELIVERY_FAILED, CANCELLED$/,
    ],
  ])('dead-letters %s at once with its reason, storing nothing of it', async (_, body, reason) => {
    const before = await eventRows(db);
    await publish([body]);
    const letter = await deadLetter();
    expect(letter.body).toBe(typeof body === 'string' ? body : JSON.stringify(body));
    expect(String(letter.reason)).toMatch(reason);
    expect(await eventRows(db)).toEqual(before);
  });
});
