import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import {
  loadUntilClosed,
  readinessTurnsFalse,
  startAppProcess,
  startSlowRequest,
} from '@delivery/platform/testing';
import { demoConfiguration, e10Request } from './capacity-fixtures';

/** Q2.6 on capacity-service: SIGTERM under load. */
describe('Q2.6 capacity-service SIGTERM under load', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('turns readiness false first, completes in-flight requests, answers nothing but 200, exits 0', async () => {
    const app = await startAppProcess('apps/capacity-service/src/main.ts', {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '700',
    });
    await app.waitUntilReady();
    const put = await fetch(`${app.url}/capacity/v1/configuration`, {
      method: 'PUT',
      headers: {
        Authorization: bearer(await mintToken({ scopes: ['configuration:write'] })),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(demoConfiguration()),
    });
    expect(put.status).toBe(200);
    const calculate = {
      method: 'POST' as const,
      path: '/capacity/v1/delivery/capacity',
      headers: {
        Authorization: bearer(await mintToken({ scopes: ['capacity:calculate'] })),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(e10Request()),
    };
    const stop = { stopped: false };
    const load = loadUntilClosed(app.port, calculate, 6, stop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const inFlight = startSlowRequest(app.port, calculate);

    app.child.kill('SIGTERM');
    await readinessTurnsFalse(app.port);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // past the delay: the server has stopped accepting
    const slow = await inFlight.finish();
    expect(slow.status).toBe(200);
    expect((JSON.parse(slow.body) as { logisticsCapacity: unknown[] }).logisticsCapacity).toHaveLength(1);

    expect(await app.exited).toBe(0);
    stop.stopped = true;
    const outcome = await load;
    expect(outcome.statuses.length).toBeGreaterThan(20);
    expect(new Set(outcome.statuses)).toEqual(new Set([200]));
    expect(outcome.connectionErrors.filter((code) => !['ECONNREFUSED', 'ECONNRESET'].includes(code))).toEqual(
      [],
    );
  }, 60_000);
});
