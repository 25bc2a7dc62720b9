import { basicHeader, bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { startAppProcess } from '@delivery/platform/testing';

/** What only the real process shows: boot-time config failures, log lines, signals and exit codes (O1, S3). */
const MAIN = 'apps/capacity-service/src/main.ts';

describe('capacity-service process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('refuses to start on bad configuration, naming each bad variable and its rule', async () => {
    const app = await startAppProcess(MAIN, {
      DATABASE_URL: database.url,
      TZ_BUSINESS: 'Mars/Olympus',
      SHUTDOWN_TIMEOUT_MS: '10',
      JWT_SECRET: 'too-short',
    });
    expect(await app.exited).toBe(1);
    const stderr = app.stderr();
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain(
      'TZ_BUSINESS: must be an IANA time zone such as America/Lima (got "Mars/Olympus")',
    );
    expect(stderr).toContain('SHUTDOWN_TIMEOUT_MS: must be an integer from 1000 to 300000 (got "10")');
    expect(stderr).toMatch(/JWT_SECRET: .*32/);
    expect(stderr).not.toContain('too-short');
  });

  it('refuses an API key entry with a scope that does not exist', async () => {
    const app = await startAppProcess(MAIN, {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      API_KEYS: `checkout:${'a'.repeat(64)}:capacity:fly`,
    });
    expect(await app.exited).toBe(1);
    expect(app.stderr()).toMatch(/API_KEYS: .*capacity:fly/);
  });

  it('refuses the simulated clock when NODE_ENV=production, naming the variable', async () => {
    const app = await startAppProcess(MAIN, {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      LIMITS_STORE_URL: 'memory',
      NODE_ENV: 'production',
      CLOCK: 'simulated',
    });
    expect(await app.exited).toBe(1);
    expect(app.stderr()).toBe(
      'Invalid configuration:\n  CLOCK: simulated is refused when NODE_ENV=production\n',
    );
  });

  it('refuses to start with no way to verify credentials', async () => {
    const app = await startAppProcess(MAIN, { DATABASE_URL: database.url });
    expect(await app.exited).toBe(1);
    expect(app.stderr()).toMatch(/JWT_SECRET: no way to verify credentials/);
  });

  it('logs one JSON line per request with its id, trace id and no credentials; exits 0 on SIGTERM', async () => {
    const app = await startAppProcess(MAIN, {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      OTEL_TRACES_EXPORTER: 'console',
    });
    await app.waitUntilReady();
    const token = await mintToken({ scopes: ['capacity:calculate'] });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const ok = await fetch(`${app.url}/capacity/v1/whoami`, {
      headers: {
        Authorization: bearer(token),
        'x-request-id': 'trace-42',
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('trace-42');
    const basic = basicHeader('ops', 'hunter2-secret-password');
    const denied = await fetch(`${app.url}/capacity/v1/whoami`, { headers: { Authorization: basic } });
    expect(denied.status).toBe(401);
    const generated = denied.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    expect(await app.stop('SIGTERM')).toBe(0);
    const lines = app
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"req"'))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { req: { id: string } });
    const traced = lines.find((line) => line.req.id === 'trace-42');
    expect(traced).toMatchObject({
      msg: expect.stringMatching(/^GET \/capacity\/v1\/whoami 200 \d+ ms$/),
      req: { id: 'trace-42', method: 'GET', url: '/capacity/v1/whoami' },
      res: { statusCode: 200 },
      principal: 'test-user',
      traceId, // continued from the caller's traceparent
    });
    expect(traced?.req).not.toHaveProperty('headers');
    const refused = lines.find((line) => line.req.id === generated);
    expect(refused?.msg).toMatch(/^GET \/capacity\/v1\/whoami 401 \d+ ms$/);
    expect(refused?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(refused?.traceId).not.toBe(traceId);
    expect(app.stdout()).not.toContain(token);
    expect(app.stdout()).not.toContain(basic.slice('Basic '.length));
  });

  it('answers readiness 503 as soon as SIGTERM arrives and exits 0 after the drain', async () => {
    const app = await startAppProcess(MAIN, {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      SHUTDOWN_DELAY_MS: '1500',
    });
    await app.waitUntilReady();
    app.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await fetch(`${app.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: Record<string, unknown> }).error).toEqual({
      shutdown: { status: 'down', message: 'shutting down' },
    });
    expect((await fetch(`${app.url}/health/live`)).status).toBe(200);
    expect(await app.exited).toBe(0);
  });
});
