import request from 'supertest';
import type { App } from 'supertest/types';
import { INSTANT_PROBLEM, OutcomeEventsValidator } from '@delivery/contracts';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import { confirmReservation, postReservation, reservationBody } from '../testing/reservation-fixtures';
import { contractViolation, tablesDigest } from '../testing/bad-input-checks';
import { JsonFuzzer, MUTATIONS, type Mutation } from '../testing/json-fuzzer';
import { eventRows, outcomeEvent, OUTCOMES_PATH } from '@delivery/outcome-recording/testing';

/**
 * Bad input on `POST {base}/delivery/outcomes` (E10 clock, 2026-11-22 12:00 Lima, the default clock-skew
 * tolerance): instants that do not exist, at the edges of what they may be, or later than now, and seeded
 * mutations of a valid body. Every answer is a documented 4xx with the contract's body, nothing is stored, and
 * the service keeps answering.
 */
const MUTATED_BODIES = 240;
const TABLES = [
  'delivery_outcome_events',
  'delivery_promises',
  'delivery_accuracy_days',
  'capacity_reservations',
];
const VALID_AT = '2026-11-20T10:00:00-05:00';

/** Real instants later than now plus the tolerance (5 minutes after 2026-11-22T17:00Z). */
const FUTURE = [
  '9999-12-31T23:59:59Z',
  '2026-11-22T17:05:01Z',
  '2026-11-22T12:05:01-05:00',
  '2026-11-23T07:05:01+14:00',
];

/** One part of a valid instant replaced by something that makes it none. */
function badInstants(): string[] {
  const at = (date: string, time = '10:00:00', offset = '-05:00') => `${date}T${time}${offset}`;
  const dates = [
    '2026-02-29',
    '2026-02-30',
    '2026-02-31',
    '2026-04-31',
    '2026-06-31',
    '2026-09-31',
    '2026-11-31',
    '1900-02-29',
    '2026-00-10',
    '2026-13-01',
    '2026-11-00',
    '2026-11-32',
    '0000-01-01',
    '0001-01-01',
    '1969-12-31',
    '10000-01-01',
    '+275760-09-13',
    '-000001-01-01',
    '2026-1-20',
    '26-11-20',
    '2026/11/20',
  ];
  const times = [
    '24:00:00',
    '24:00',
    '23:60:00',
    '23:59:60',
    '23:59:61',
    '25:00',
    '9:00:00',
    '10:00:00.',
    '10:00:00.1234567890',
    '10:0',
    '10',
  ];
  const offsets = [
    '+25:00',
    '+14:15',
    '+15:00',
    '-12:15',
    '-13:00',
    '+05:07',
    '+0500',
    '+05',
    '05:00',
    'z',
    'UTC',
    '',
    ' Z',
    'Z ',
  ];
  return [
    ...dates.map((date) => at(date)),
    ...dates.slice(0, 12).map((date) => at(date, '00:00:00', 'Z')),
    ...times.map((time) => at('2026-11-20', time)),
    ...times.map((time) => at('2024-02-29', time, 'Z')),
    ...offsets.map((offset) => at('2026-11-20', '10:00:00', offset)),
    ...offsets.map((offset) => at('2026-11-20', '10:00', offset)),
    '2026-11-20t10:00:00Z',
    '2026-11-20 10:00:00Z',
    '2026-11-20',
    '',
    ' ',
    '2026-11-20T10:00:00-05:00'.repeat(2),
    '２０２６-11-20T10:00:00Z',
  ];
}

/** Values of the wrong type or size for `occurredAt` and the body's other fields. */
const ODD_VALUES: unknown[] = [
  null,
  -1,
  1e308,
  1764432000000,
  true,
  [],
  [VALID_AT],
  {},
  { at: VALID_AT },
  'x'.repeat(100_000),
  '\u0000',
  '\ud800',
];

describe('bad input on POST /delivery/outcomes', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const validator = new OutcomeEventsValidator();
  const post = async (text: string) => {
    const res = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .set('Content-Type', 'application/json')
      .send(text);
    return { status: res.status, body: res.body as unknown };
  };
  const base = {
    events: [
      outcomeEvent('ORD-1', 'PICKED', VALID_AT),
      outcomeEvent('ORD-1', 'DELIVERY_FAILED', '2026-11-21T10:00:00-05:00', { reason: 'nobody home' }),
    ],
  };

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    expect((await postReservation(server, reservationBody('ORD-1'))).status).toBe(201);
    expect((await confirmReservation(server, 'ORD-1')).status).toBe(200);
  });
  afterAll(() => t.close());

  it('an instant that is not one, or is later than now, is a 400 naming it; odd values of every field too', async () => {
    const before = await tablesDigest(db, TABLES);
    const instants = [
      ...badInstants().map((at) => [at, INSTANT_PROBLEM]),
      ...FUTURE.map((at) => [at, 'must not be later than now']),
    ];
    const violations: string[] = [];
    for (const [occurredAt, message] of instants) {
      const answer = await post(
        JSON.stringify({ events: [base.events[0], { ...base.events[0], occurredAt }] }),
      );
      const expected = {
        code: 'VALIDATION_ERROR',
        message: 'The outcome events are invalid',
        details: { errors: [{ field: 'events[1].occurredAt', message }] },
      };
      if (answer.status !== 400 || JSON.stringify(answer.body) !== JSON.stringify(expected))
        violations.push(`${JSON.stringify(occurredAt)}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    let odd = 0;
    for (const field of ['reservationIdentifier', 'selection', 'type', 'occurredAt', 'reason']) {
      for (const value of ODD_VALUES) {
        const answer = await post(JSON.stringify({ events: [{ ...base.events[1], [field]: value }] }));
        odd++;
        const violation = contractViolation(answer.status, answer.body, [400]);
        if (violation !== null)
          violations.push(`${field}=${JSON.stringify(value).slice(0, 40)}: ${violation}`);
      }
    }
    expect(violations).toEqual([]);
    expect(instants.length + odd).toBeGreaterThanOrEqual(150);
    expect(await tablesDigest(db, TABLES)).toBe(before);
  }, 120_000);

  it(`${MUTATED_BODIES} mutated bodies: only documented 4xx with the contract's body, nothing stored`, async () => {
    const fuzzer = new JsonFuzzer(20261128, { bodyLimitBytes: 1024 * 1024 });
    const before = await tablesDigest(db, TABLES);
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    const applied = new Set<Mutation>();
    let sent = 0;
    while (sent < MUTATED_BODIES) {
      const body = fuzzer.mutate(base);
      // a mutation may leave the body valid (a longer reservation identifier): such a body would rightly be stored
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text);
      } catch {
        parsed = undefined;
      }
      if (body.text.length <= 1024 * 1024 && validator.check(parsed, E10_CLOCK.now()).ok) continue;
      sent++;
      body.mutations.forEach((mutation) => applied.add(mutation));
      const answer = await post(body.text);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const violation = contractViolation(answer.status, answer.body, [400, 413]);
      if (violation !== null) violations.push(`#${sent} ${body.mutations.join('+')}: ${violation}`);
    }
    expect(violations).toEqual([]);
    expect([...applied].sort()).toEqual([...MUTATIONS].sort());
    expect([...statuses.keys()].sort()).toEqual([400, 413]);
    expect(await tablesDigest(db, TABLES)).toBe(before);

    // still live and still recording
    expect((await request(server).get('/health/ready')).status).toBe(200);
    const valid = await post(JSON.stringify(base));
    expect([valid.status, valid.body]).toEqual([200, { received: 2, stored: 2, duplicates: 0, orphans: 0 }]);
    expect(await eventRows(db)).toEqual([
      'ORD-1 0 DELIVERY_FAILED 2026-11-21T15:00Z matched',
      'ORD-1 0 PICKED 2026-11-20T15:00Z matched',
    ]);
  }, 180_000);
});
