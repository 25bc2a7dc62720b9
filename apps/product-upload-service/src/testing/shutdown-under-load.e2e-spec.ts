import amqp from 'amqplib';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { exampleUpload } from '@delivery/contracts';
import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import {
  loadUntilClosed,
  readinessTurnsFalse,
  startAppProcess,
  startSlowRequest,
} from '@delivery/platform/testing';

/** Q2.6 on the upload service: SIGTERM under load loses no confirmed upload. */
describe('Q2.6 product-upload-service SIGTERM under load', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
  });
  afterAll(async () => {
    await Promise.all([database.drop(), rabbit.dispose()]);
  });

  /** Every message in the batches queue, grouped by process code: index → batch count. */
  async function queuedMessages(): Promise<Map<string, Set<number>>> {
    const connection = await amqp.connect(rabbit.url);
    const channel = await connection.createChannel();
    const byCode = new Map<string, Set<number>>();
    for (;;) {
      const message = await channel.get('product-ingest.batches', { noAck: true });
      if (!message) break;
      const { processCode, batchIndex } = message.properties.headers as {
        processCode: string;
        batchIndex: number;
      };
      byCode.set(processCode, (byCode.get(processCode) ?? new Set()).add(batchIndex));
    }
    await connection.close();
    return byCode;
  }

  it('turns readiness false first, completes the in-flight upload, and every 200 is on the queue', async () => {
    const app = await startAppProcess('apps/product-upload-service/src/main.ts', {
      DATABASE_URL: database.url,
      AMQP_URL: rabbit.url,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '700',
    });
    await app.waitUntilReady();
    const upload = {
      method: 'POST' as const,
      path: '/product-upload/v1/load-products',
      headers: {
        Authorization: bearer(await mintToken({ scopes: ['products:write'] })),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(exampleUpload(2)),
    };
    const stop = { stopped: false };
    const load = loadUntilClosed(app.port, upload, 4, stop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const inFlight = startSlowRequest(app.port, { ...upload, body: JSON.stringify(exampleUpload(3000)) });

    app.child.kill('SIGTERM');
    await readinessTurnsFalse(app.port);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const slow = await inFlight.finish();
    expect(slow.status).toBe(200);

    expect(await app.exited).toBe(0);
    stop.stopped = true;
    const outcome = await load;
    expect(outcome.statuses.length).toBeGreaterThan(10);
    expect(new Set(outcome.statuses)).toEqual(new Set([200]));
    expect(outcome.connectionErrors.filter((code) => !['ECONNREFUSED', 'ECONNRESET'].includes(code))).toEqual(
      [],
    );

    const code = (body: string) =>
      /Process code: ([0-9a-f-]{36})/.exec((JSON.parse(body) as { message: string }).message)?.[1] as string;
    const queued = await queuedMessages();
    for (const body of outcome.bodies)
      expect([code(body), [...(queued.get(code(body)) ?? [])].sort()]).toEqual([code(body), [0, 1]]);
    expect([...(queued.get(code(slow.body)) ?? [])].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(queued.size).toBe(outcome.bodies.length + 1);
  }, 60_000);
});
