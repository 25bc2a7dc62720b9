import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createWorkerApp } from './worker.app';
import { parseWorkerConfig } from './worker.config';

describe('product-ingest-worker HTTP surface', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createWorkerApp(parseWorkerConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url }));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('serves only health and metrics', async () => {
    expect((await request(app.getHttpServer()).get('/health/live')).status).toBe(200);
    const ready = await request(app.getHttpServer()).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info.postgres).toEqual({ status: 'up' });
    expect((await request(app.getHttpServer()).get('/metrics')).text).toContain(
      'process_resident_memory_bytes',
    );
    expect((await request(app.getHttpServer()).get('/docs')).status).toBe(404);
  });
});
