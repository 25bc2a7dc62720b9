import request from 'supertest';
import { bearer, mintToken } from '@delivery/auth/testing';
import { CapacityTestApp, startCapacityTestApp } from './capacity-test-app';

/** The platform as capacity-service serves it: error bodies, request ids, health, metrics, Swagger (O1, E9). */
describe('capacity-service platform', () => {
  let t: CapacityTestApp;
  let auth: string;
  beforeAll(async () => {
    t = await startCapacityTestApp();
    auth = bearer(await mintToken({ scopes: ['capacity:calculate'] }));
  });
  afterAll(() => t.close());
  const server = () => t.app.getHttpServer();

  it('echoes a sane x-request-id and replaces an unsafe one', async () => {
    const given = await request(server())
      .get('/capacity/v1/whoami')
      .set('Authorization', auth)
      .set('x-request-id', 'checkout-7f3a:1');
    expect(given.headers['x-request-id']).toBe('checkout-7f3a:1');
    const unsafe = await request(server())
      .get('/capacity/v1/whoami')
      .set('Authorization', auth)
      .set('x-request-id', 'a b\u00e9');
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a body that is not JSON with 415 ErrorResponse', async () => {
    const res = await request(server())
      .post('/capacity/v1/delivery/capacity')
      .set('Authorization', auth)
      .set('Content-Type', 'text/plain')
      .send('hello');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The body must be JSON (Content-Type: application/json)',
      details: {},
    });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const res = await request(server())
      .post('/capacity/v1/delivery/capacity')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"items": [');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The body is not valid JSON',
      details: { errors: [{ field: '', message: 'malformed JSON' }] },
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await request(server())
      .post('/capacity/v1/delivery/capacity')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The body is larger than this operation accepts',
      details: {},
    });
  });

  it('answers an unknown operation with 404 ErrorResponse', async () => {
    const res = await request(server()).get('/capacity/v1/nothing-here').set('Authorization', auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'No such operation', details: {} });
  });

  it('sets helmet headers and no x-powered-by', async () => {
    const res = await request(server()).get('/health/live');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is live and ready with Postgres up and a configuration snapshot', async () => {
    expect((await request(server()).get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await request(server()).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toEqual({
      shutdown: { status: 'up' },
      postgres: { status: 'up' },
      configuration: { status: 'up' },
    });
  });

  it('exposes request durations by route and status, and Node defaults', async () => {
    await request(server()).get('/capacity/v1/whoami').set('Authorization', auth);
    const metrics = (await request(server()).get('/metrics')).text;
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/capacity\/v1\/whoami",status="200"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} [1-9]/,
    );
    expect(metrics).toContain('process_cpu_user_seconds_total');
    expect(metrics).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts neither health probes nor scrapes as requests, and reports the build and both Postgres pools', async () => {
    await request(server()).get('/health/live');
    await request(server()).get('/health/ready');
    await request(server()).get('/metrics');
    const metrics = (await request(server()).get('/metrics')).text;
    expect(metrics).not.toMatch(/http_request_duration_seconds_count\{[^}]*route="[^"]*(health|metrics)/);
    expect(metrics).not.toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched",status="200"/);
    expect(metrics).toMatch(
      new RegExp(
        `^build_info\\{service="capacity-service",version="[^"]+",node_version="${process.version}"\\} 1$`,
        'm',
      ),
    );
    const sample = (series: string) =>
      Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics)?.[1]);
    expect(sample('pg_pool_total_connections{pool="main"}')).toBeGreaterThanOrEqual(1); // readiness used it
    expect(sample('pg_pool_total_connections{pool="calculation_read"}')).toBe(0); // no calculation yet
    for (const pool of ['main', 'calculation_read']) {
      expect(sample(`pg_pool_idle_connections{pool="${pool}"}`)).toBeLessThanOrEqual(
        sample(`pg_pool_total_connections{pool="${pool}"}`),
      );
      expect(sample(`pg_pool_waiting_requests{pool="${pool}"}`)).toBe(0);
    }
  });

  it('writes every word-valued label in snake_case', async () => {
    const metrics = (await request(server()).get('/metrics')).text;
    const values = [...metrics.matchAll(/(outcome|result|kind|operation|queue|pool|channel)="([^"]*)"/g)];
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter(([, , value]) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(value))).toEqual([]);
  });

  it('serves Swagger UI and the OpenAPI document with bearer and basic schemes', async () => {
    const ui = await request(server()).get('/capacity/v1/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui');
    const doc = await request(server()).get('/capacity/v1/docs-json');
    expect(doc.body.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      basic: { type: 'http', scheme: 'basic' },
    });
    expect(Object.keys(doc.body.paths)).toContain('/capacity/v1/whoami');
  });
});
