import request from 'supertest';
import type { App } from 'supertest/types';
import type { Scope } from '@delivery/auth';
import { DATE_PROBLEM, INSTANT_PROBLEM } from '@delivery/contracts';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from './capacity-test-app';
import {
  authWith,
  CAPACITY_PATH,
  CONFIGURATION_PATH,
  demoConfiguration,
  e10Request,
  getConfiguration,
  putConfiguration,
} from './capacity-fixtures';

/**
 * How every operation reads its input, one rule per kind (docs/api.md "Input"): any JSON value is a body, and one
 * of the wrong shape gets the operation's 400 for a wrong-shaped body; a query parameter the operation does not
 * define is a 400; numbers in a query are any JSON or decimal form, and out of range a 400; a version named by the
 * query is a 404 when it names none, as in the path.
 */
const VERSIONS = `${CONFIGURATION_PATH}/versions`;
const USAGE_PATH = '/capacity/v1/capacity/usage';
const RESERVATIONS_PATH = `${CAPACITY_PATH}/reservations`;
const invalid = (errors: { field: string; message: string }[], message = 'The request is invalid') => ({
  code: 'VALIDATION_ERROR',
  message,
  details: { errors },
});

describe('input: bodies, query and path parameters', () => {
  let t: CapacityTestApp;
  let server: App;
  const send = async (method: 'get' | 'post' | 'put', path: string, scope: Scope, body?: string) => {
    const call = request(server)
      [method](path)
      .set('Authorization', await authWith(scope));
    return body === undefined ? call : call.set('Content-Type', 'application/json').send(body);
  };

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  it('a JSON body that is not an object (null, a string, a number) is a wrong-shaped body, not malformed JSON', async () => {
    const operations: [string, 'post' | 'put', string, Scope][] = [
      ['calculation', 'post', CAPACITY_PATH, 'capacity:calculate'],
      ['explanation', 'post', `${CAPACITY_PATH}/explanation`, 'capacity:calculate'],
      ['reservation', 'post', RESERVATIONS_PATH, 'capacity:reserve'],
      ['import', 'put', CONFIGURATION_PATH, 'configuration:write'],
      ['preview', 'post', `${CONFIGURATION_PATH}/preview`, 'configuration:write'],
    ];
    const answers: Record<string, unknown> = {};
    for (const [name, method, path, scope] of operations) {
      const array = await send(method, path, scope, '[]');
      expect([name, array.status]).toEqual([name, 400]);
      for (const body of ['null', '"x"', '5', ' true ']) {
        const res = await send(method, path, scope, body);
        expect([name, body, res.status, res.body]).toEqual([name, body, 400, array.body]);
      }
      answers[name] = array.body;
    }
    expect(answers.calculation).toEqual(
      invalid([{ field: '', message: 'must be an object' }], 'The request is invalid (layout A)'),
    );
    expect(answers.reservation).toEqual(
      invalid([{ field: '', message: 'must be an object' }], 'The reservation request is invalid'),
    );
    expect(answers.preview).toEqual(answers.import);
    expect(answers.import).toEqual({
      code: 'CONFIGURATION_INVALID',
      message: 'The configuration is invalid',
      details: { errors: [{ field: '', message: 'must be an object' }] },
    });
    // not JSON is still malformed JSON
    expect((await send('post', CAPACITY_PATH, 'capacity:calculate', "'x'")).body).toEqual(
      invalid([{ field: '', message: 'malformed JSON' }], 'The body is not valid JSON'),
    );
    expect((await getConfiguration(server)).body.version).toBe(1);
  });

  it('a query parameter the operation does not define is a 400 on every operation that takes a query', async () => {
    const unknown = invalid([{ field: 'x', message: 'is not an accepted property' }]);
    const preview = await send(
      'post',
      `${CONFIGURATION_PATH}/preview?limit=5&x=1`,
      'configuration:write',
      JSON.stringify(demoConfiguration()),
    );
    expect([preview.status, preview.body]).toEqual([400, unknown]);
    const explanation = await send(
      'post',
      `${CAPACITY_PATH}/explanation?x=1`,
      'capacity:calculate',
      JSON.stringify(e10Request()),
    );
    expect([explanation.status, explanation.body]).toEqual([400, unknown]);
    for (const path of [`${VERSIONS}?x=1`, `${VERSIONS}/1/changes?since=1&x=1`]) {
      const res = await send('get', path, 'configuration:read');
      expect([path, res.status, res.body]).toEqual([path, 400, unknown]);
    }
    const usage = await send('get', `${USAGE_PATH}?x=1`, 'configuration:read');
    expect([usage.status, usage.body]).toEqual([
      400,
      invalid([{ field: 'x', message: 'is not an accepted property' }], 'The usage query is invalid'),
    ]);
    const known = await send(
      'post',
      `${CONFIGURATION_PATH}/preview?limit=5`,
      'configuration:write',
      JSON.stringify(demoConfiguration()),
    );
    expect(known.status).toBe(200);
  });

  it('a number in a query may be written in any JSON or decimal form', async () => {
    const keep = async (minUtilization: string) => {
      const res = await send(
        'get',
        `${USAGE_PATH}?from=2026-11-22&to=2026-11-22&minUtilization=${minUtilization}`,
        'configuration:read',
      );
      expect([minUtilization, res.status]).toEqual([minUtilization, 200]);
      return (res.body.items as { ref: string; utilization: number }[]).map((item) => item.ref).join();
    };
    // at 12:00 the AM window of today has started: capacity 0, utilization 1; nothing else is used
    const expected = await keep('0.001');
    expect(expected).not.toBe('');
    for (const form of ['1e-3', '1E-3', '0.1e-2', '.001', '0.0010']) expect(await keep(form)).toBe(expected);
    expect(await keep('1e%2B0')).toBe(await keep('1'));
    const versions = await send('get', `${VERSIONS}?limit=1e0`, 'configuration:read');
    expect([versions.status, versions.body.versions.length]).toEqual([200, 1]);
    const notANumber = await send('get', `${USAGE_PATH}?minUtilization=1e`, 'configuration:read');
    expect(notANumber.body).toEqual(
      invalid([{ field: 'minUtilization', message: 'must be a number' }], 'The usage query is invalid'),
    );
  });

  it('an integer beyond what a parameter takes is a 400, never read as another number', async () => {
    const page = await send('get', `${USAGE_PATH}?page=99999999999999999999`, 'configuration:read');
    expect([page.status, page.body]).toEqual([
      400,
      invalid(
        [{ field: 'page', message: 'must not be greater than 2147483647' }],
        'The usage query is invalid',
      ),
    ]);
    const last = await send('get', `${USAGE_PATH}?page=2147483647`, 'configuration:read');
    expect([last.status, last.body.page, last.body.items]).toEqual([200, 2147483647, []]);
    const before = await send('get', `${VERSIONS}?before=99999999999999999999`, 'configuration:read');
    expect([before.status, before.body]).toEqual([
      400,
      invalid([{ field: 'before', message: 'must be a positive integer' }]),
    ]);
    const limit = await send('get', `${VERSIONS}/1/changes?since=1&limit=1e4`, 'configuration:read');
    expect([limit.status, limit.body]).toEqual([
      400,
      invalid([{ field: 'limit', message: 'must be an integer from 1 to 1000' }]),
    ]);
  });

  it('`since` that names no version is a 404, as `{version}` is; a missing or empty one a 400', async () => {
    for (const since of ['0', '99', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await send('get', `${VERSIONS}/1/changes?since=${since}`, 'configuration:read');
      expect([since, res.status, res.body]).toEqual([
        since,
        404,
        { code: 'NOT_FOUND', message: `No configuration version ${since}`, details: { version: since } },
      ]);
    }
    const missing = await send('get', `${VERSIONS}/1/changes`, 'configuration:read');
    expect([missing.status, missing.body]).toEqual([
      400,
      invalid([{ field: 'since', message: 'is required' }]),
    ]);
    const empty = await send('get', `${VERSIONS}/1/changes?since=`, 'configuration:read');
    expect([empty.status, empty.body]).toEqual([
      400,
      invalid([{ field: 'since', message: 'must not be empty' }]),
    ]);
    expect((await send('get', `${VERSIONS}/1/changes?since=1`, 'configuration:read')).status).toBe(200);
  });

  it('a date or an instant that does not exist, or lies outside 1970–9999, is a 400 naming the field, never a 500', async () => {
    const date = (field: string) => ({ field, message: DATE_PROBLEM });
    const cases: [string, 'get' | 'post', string, Scope, unknown, { field: string; message: string }[]][] = [
      [
        'usage',
        'get',
        `${USAGE_PATH}?from=0000-01-01&to=0000-01-02`,
        'configuration:read',
        undefined,
        [date('from'), date('to')],
      ],
      [
        'accuracy',
        'get',
        '/capacity/v1/delivery/accuracy?from=0000-01-01',
        'outcomes:read',
        undefined,
        [date('from')],
      ],
      [
        'calibration',
        'get',
        '/capacity/v1/delivery/accuracy/calibration?from=2026-02-29&to=9999-12-32',
        'outcomes:read',
        undefined,
        [date('from'), date('to')],
      ],
      [
        'suggestions',
        'get',
        '/capacity/v1/delivery/accuracy/suggestions?to=2026-02-29',
        'outcomes:read',
        undefined,
        [date('to')],
      ],
      [
        'backtest',
        'post',
        `${CONFIGURATION_PATH}/preview`,
        'configuration:write',
        { ...demoConfiguration(), backtest: { from: '0000-01-01', to: '1969-12-31' } },
        [date('backtest.from'), date('backtest.to')],
      ],
      [
        'explanation',
        'post',
        `${CAPACITY_PATH}/explanation?at=0000-01-01T00:00:00Z`,
        'capacity:calculate',
        e10Request(),
        [{ field: 'at', message: INSTANT_PROBLEM }],
      ],
      [
        'calculation',
        'post',
        CAPACITY_PATH,
        'capacity:calculate',
        e10Request({ purchaseDate: '0000-01-01' }),
        [date('purchaseDate')],
      ],
    ];
    for (const [name, method, path, scope, body, errors] of cases) {
      const res = await send(method, path, scope, body === undefined ? undefined : JSON.stringify(body));
      expect([name, res.status, res.body.details]).toEqual([name, 400, { errors }]);
    }
  });
});
