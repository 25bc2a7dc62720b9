import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createRabbitTestVhost, RabbitTestVhost, waitFor } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createWorkerApp } from './worker.app';
import { parseWorkerConfig } from './worker.config';

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
});
