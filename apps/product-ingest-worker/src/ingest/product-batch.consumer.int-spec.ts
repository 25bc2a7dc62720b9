import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { Client } from 'pg';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  exampleProduct,
  PRODUCT_MESSAGE_CONTENT_TYPE,
  PRODUCT_MESSAGE_SCHEMA_VERSION,
  productMessageId,
} from '@delivery/contracts/messages';
import { productTopology } from '@delivery/products-data-access';
import { createRabbitTestVhost, RabbitTestVhost, waitFor } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createWorkerApp } from '../worker.app';
import { parseWorkerConfig } from '../worker.config';

/** The worker as an app: messages published to the broker end as rows in Postgres, or as a dead letter. */
describe('ProductBatchConsumer (worker app, RabbitMQ and Postgres)', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  let app: NestExpressApplication;
  let db: Client;
  const topology = productTopology();

  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    app = await createWorkerApp(
      parseWorkerConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, AMQP_URL: rabbit.url }),
    );
    await app.init();
    db = new Client({ connectionString: database.url });
    await db.connect();
    // ready: the topology is declared and the consumer attached (a message published before would be unroutable)
    await waitFor(
      async () => (await request(app.getHttpServer()).get('/health/ready')).status === 200,
      10_000,
      'readiness',
    );
  });
  afterAll(async () => {
    await db.end();
    await app.close();
    await Promise.all([database.drop(), rabbit.dispose()]);
  });

  async function publish(
    messages: { batchIndex: number; body: unknown; productCount: number }[],
    processCode: string,
    options: { contentType?: string | null; text?: string } = {},
  ) {
    const connection = await connect(rabbit.url);
    try {
      const channel = await connection.createConfirmChannel();
      for (const { batchIndex, body, productCount } of messages) {
        channel.publish(
          topology.names.exchange,
          topology.names.routingKey,
          Buffer.from(options.text ?? JSON.stringify(body)),
          {
            messageId: productMessageId(processCode, batchIndex),
            ...(options.contentType === null
              ? {}
              : { contentType: options.contentType ?? PRODUCT_MESSAGE_CONTENT_TYPE }),
            persistent: true,
            headers: {
              processCode,
              batchIndex,
              batchCount: messages.length,
              schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
              productCount,
            },
          },
        );
      }
      await channel.waitForConfirms();
    } finally {
      await connection.close();
    }
  }

  const upload = async (processCode: string) =>
    (
      await db.query(
        `SELECT received, accepted, rejected, batch_total, batch_done, persisted, failed, manifest_recorded
         FROM product_uploads WHERE process_code = $1`,
        [processCode],
      )
    ).rows[0];

  it('writes a manifest and a batch: the products, the upload counters, each message settled once', async () => {
    const processCode = randomUUID();
    const products = [exampleProduct(7001), exampleProduct(7002)];
    const counts = {
      schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
      processCode,
      batchCount: 1,
      received: 2,
      accepted: 2,
      rejected: 0,
    };
    await publish(
      [
        {
          batchIndex: 0,
          productCount: 0,
          body: {
            kind: 'manifest',
            ...counts,
            receivedAt: '2026-11-25T10:00:00.000Z',
            errors: [],
            warnings: [],
          },
        },
        {
          batchIndex: 1,
          productCount: 2,
          body: { kind: 'batch', ...counts, batchIndex: 1, indexes: [0, 1], products },
        },
      ],
      processCode,
    );
    const row = await waitFor(
      async () => {
        const found = await upload(processCode);
        return found?.manifest_recorded && found.batch_done === 1 && found;
      },
      10_000,
      'the upload recorded',
    );
    expect(row).toEqual({
      received: 2,
      accepted: 2,
      rejected: 0,
      batch_total: 1,
      batch_done: 1,
      persisted: 2,
      failed: 0,
      manifest_recorded: true,
    });
    const stored = await db.query(
      `SELECT product_code, price::float8 AS price FROM products WHERE product_code = ANY($1) ORDER BY 1`,
      [['P-007001', 'P-007002']],
    );
    expect(stored.rows).toEqual(products.map((p) => ({ product_code: p.productCode, price: p.price })));
    const batches = await db.query(
      `SELECT batch_index, outcome, persisted FROM product_upload_batches WHERE process_code = $1 ORDER BY 1`,
      [processCode],
    );
    expect(batches.rows).toEqual([
      { batch_index: 0, outcome: 'persisted', persisted: 0 },
      { batch_index: 1, outcome: 'persisted', persisted: 2 },
    ]);
  });

  it('records a message that does not match its schema as failed and dead-letters it at once', async () => {
    const processCode = randomUUID();
    await publish(
      [{ batchIndex: 1, productCount: 3, body: { kind: 'batch', products: 'not a list' } }],
      processCode,
    );
    const failed = await waitFor(
      async () => {
        const { rows } = await db.query(
          `SELECT outcome, products, failed FROM product_upload_batches WHERE process_code = $1`,
          [processCode],
        );
        return rows[0];
      },
      10_000,
      'the failure recorded',
    );
    expect(failed).toEqual({ outcome: 'failed', products: 3, failed: 3 });
    const connection = await connect(rabbit.url);
    try {
      const channel = await connection.createChannel();
      const letter = await waitFor(
        async () => (await channel.get(topology.policy.deadLetterQueue, { noAck: true })) || undefined,
        10_000,
        'the dead letter',
      );
      expect(letter.properties.messageId).toBe(productMessageId(processCode, 1));
    } finally {
      await connection.close();
    }
  });

  it('reads a message without a content type as JSON, and dead-letters one that is not JSON once: "not JSON"', async () => {
    const processCode = randomUUID();
    const manifest = {
      kind: 'manifest',
      schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
      processCode,
      batchCount: 1,
      received: 2,
      accepted: 2,
      rejected: 0,
      receivedAt: '2026-11-25T10:00:00.000Z',
      errors: [],
      warnings: [],
    };
    await publish([{ batchIndex: 0, productCount: 0, body: manifest }], processCode, { contentType: null });
    const row = await waitFor(
      async () => {
        const found = await upload(processCode);
        return found?.manifest_recorded && found;
      },
      10_000,
      'the manifest recorded',
    );
    expect(row.manifest_recorded).toBe(true);
    const batches = await db.query(
      `SELECT batch_index, outcome FROM product_upload_batches WHERE process_code = $1`,
      [processCode],
    );
    expect(batches.rows).toEqual([{ batch_index: 0, outcome: 'persisted' }]);

    const broken = randomUUID();
    await publish([{ batchIndex: 0, productCount: 0, body: null }], broken, {
      contentType: null,
      text: 'kind=manifest',
    });
    const connection = await connect(rabbit.url);
    try {
      const channel = await connection.createChannel();
      const letter = await waitFor(
        async () => (await channel.get(topology.policy.deadLetterQueue, { noAck: true })) || undefined,
        10_000,
        'the dead letter',
      );
      expect([
        letter.properties.messageId,
        letter.properties.headers?.['x-dead-letter-reason'],
        letter.properties.headers?.['x-attempt'],
      ]).toEqual([productMessageId(broken, 0), 'not JSON', 1]);
    } finally {
      await connection.close();
    }
  });
});
