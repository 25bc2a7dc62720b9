import { connect } from 'amqplib';
import request from 'supertest';
import { productTopology } from '@delivery/products-data-access';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createRabbitTestVhost, RabbitTestVhost, waitFor } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createWorkerApp } from '../worker.app';
import { parseWorkerConfig } from '../worker.config';

describe('product-ingest-worker HTTP surface', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  let app: NestExpressApplication;
  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    app = await createWorkerApp(
      parseWorkerConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, AMQP_URL: rabbit.url }),
    );
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), rabbit.dispose()]);
  });

  it('serves only health and metrics; readiness covers Postgres and RabbitMQ', async () => {
    expect((await request(app.getHttpServer()).get('/health/live')).status).toBe(200);
    const ready = await waitFor(async () => {
      const res = await request(app.getHttpServer()).get('/health/ready');
      return res.status === 200 && res;
    }, 10_000);
    expect(ready.body.info).toEqual({
      shutdown: { status: 'up' },
      postgres: { status: 'up' },
      rabbitmq: { status: 'up' },
    });
    expect((await request(app.getHttpServer()).get('/metrics')).text).toContain(
      'process_resident_memory_bytes',
    );
    expect((await request(app.getHttpServer()).get('/docs')).status).toBe(404);
  });

  it('reports the broker connection, both channels, the three queues and the Postgres pool', async () => {
    await waitFor(
      async () => (await request(app.getHttpServer()).get('/health/ready')).status === 200,
      10_000,
    );
    const connection = await connect(rabbit.url);
    const channel = await connection.createConfirmChannel();
    channel.sendToQueue(productTopology().policy.deadLetterQueue, Buffer.from('{}'));
    await channel.waitForConfirms();
    await connection.close();
    const sampleOf = (metrics: string, series: string) =>
      Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics)?.[1]);
    // the depths are refreshed every 5 s (ingest.metrics.ts), not read by the scrape
    const metrics = await waitFor(async () => {
      const text = (await request(app.getHttpServer()).get('/metrics')).text;
      return sampleOf(text, 'product_ingest_queue_depth{queue="dead_letter"}') === 1 && text;
    }, 10_000);
    const sample = (series: string) => sampleOf(metrics, series);
    expect(sample('rabbitmq_connection_up')).toBe(1);
    expect(sample('rabbitmq_channel_open{channel="publisher"}')).toBe(1);
    expect(sample('rabbitmq_channel_open{channel="consumer"}')).toBe(1);
    expect(sample('product_ingest_queue_depth{queue="main"}')).toBe(0);
    expect(sample('product_ingest_queue_depth{queue="retry"}')).toBe(0);
    expect(sample('product_ingest_queue_depth{queue="dead_letter"}')).toBe(1);
    expect(sample('pg_pool_total_connections{pool="main"}')).toBeGreaterThanOrEqual(1);
    expect(sample('pg_pool_waiting_requests{pool="main"}')).toBe(0);
    expect(metrics).toMatch(
      /^build_info\{service="product-ingest-worker",version="[^"]+",node_version="v\d+\.\d+\.\d+"\} 1$/m,
    );
  });
});
