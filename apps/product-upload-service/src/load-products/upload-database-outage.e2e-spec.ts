import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { exampleUpload } from '@delivery/contracts';
import { createRabbitTestVhost, RabbitTestVhost, TcpProxy, waitFor } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createUploadApp } from '../upload.app';
import { parseUploadConfig } from '../upload.config';

const BASE = '/product-upload/v1';

/**
 * P1.5: uploads never touch Postgres, so a database outage neither stops them nor takes the upload service out of
 * its Service (readiness stays true); only the status reads fail meanwhile, and they recover by themselves.
 */
describe('upload service with Postgres unreachable', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  let proxy: TcpProxy;
  let app: NestExpressApplication;
  let write: string;
  let read: string;

  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    proxy = await TcpProxy.start(database.url);
    app = await createUploadApp(
      parseUploadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: proxy.urlFor(database.url),
        AMQP_URL: rabbit.url,
        JWT_SECRET: TEST_JWT_SECRET,
      }),
    );
    await app.init();
    await waitFor(
      async () => (await request(app.getHttpServer()).get('/health/ready')).status === 200,
      15_000,
      'upload service ready',
    );
    write = bearer(await mintToken({ scopes: ['products:write'], expiresIn: 600 }));
    read = bearer(await mintToken({ scopes: ['products:read'], expiresIn: 600 }));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await Promise.all([database.drop(), rabbit.dispose()]);
  });

  const status = (code: string) =>
    request(app.getHttpServer()).get(`${BASE}/load-products/${code}`).set('Authorization', read);

  it('stays ready and accepts uploads; status reads answer 500 until the database is back', async () => {
    proxy.cut();
    const ready = await request(app.getHttpServer()).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.body.details as object).sort()).toEqual(['rabbitmq', 'shutdown']);

    const upload = await request(app.getHttpServer())
      .post(`${BASE}/load-products`)
      .set('Authorization', write)
      .send(exampleUpload(10, 1));
    expect(upload.status).toBe(200);
    expect(upload.body.message).toMatch(
      /^10 products are being processed \(0 rejected\)\. Process code: [0-9a-f-]{36}$/,
    );
    const code = /Process code: ([0-9a-f-]{36})$/.exec(upload.body.message as string)?.[1] as string;

    const during = await status(code);
    expect([during.status, during.body]).toEqual([500, { message: 'Internal error' }]);

    proxy.restore();
    // no worker runs here, so nothing recorded the upload: the database answers again with the contract's 404
    const after = await waitFor(
      async () => {
        const res = await status(code);
        return res.status === 404 && res;
      },
      10_000,
      'status reads answered by the database again',
    );
    expect(after.body.message).toContain(code);
  });
});
