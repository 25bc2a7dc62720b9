import {
  evaluatePromise,
  type OutcomeEvent,
  type OutcomeEventType,
  type PromisePlan,
} from './promise-outcome';

const LIMA = 'America/Lima'; // UTC−5 all year
const plan: PromisePlan = {
  promisedDate: '2026-03-10',
  pickingDate: '2026-03-08',
  departureDate: '2026-03-09',
  reservedAt: new Date('2026-03-07T15:00:00Z'),
  released: false,
  deliveryWindowStart: null,
  deliveryWindowEnd: null,
};
const at = (type: OutcomeEventType, instant: string): OutcomeEvent => ({
  type,
  occurredAt: new Date(instant),
});
const onTimeSteps = [at('PICKED', '2026-03-08T16:00:00Z'), at('DISPATCHED', '2026-03-09T13:00:00Z')];

describe('evaluatePromise', () => {
  it('a promise without events is OPEN', () => {
    expect(evaluatePromise(plan, [], LIMA)).toEqual({
      state: 'OPEN',
      deliveredDate: null,
      delayDays: null,
      failedAttempts: 0,
      slippedStep: null,
      ignoredEvents: 0,
    });
  });

  it('delivered on the promised day: delay 0, nothing slipped', () => {
    const outcome = evaluatePromise(plan, [...onTimeSteps, at('DELIVERED', '2026-03-10T20:00:00Z')], LIMA);
    expect(outcome).toMatchObject({
      state: 'DELIVERED',
      deliveredDate: '2026-03-10',
      delayDays: 0,
      slippedStep: null,
    });
  });

  it('days are business days: 03:00 UTC on the 11th is 22:00 on the 10th in Lima', () => {
    const outcome = evaluatePromise(plan, [at('DELIVERED', '2026-03-11T03:00:00Z')], LIMA);
    expect(outcome).toMatchObject({ deliveredDate: '2026-03-10', delayDays: 0 });
    expect(evaluatePromise(plan, [at('DELIVERED', '2026-03-11T03:00:00Z')], 'UTC')).toMatchObject({
      deliveredDate: '2026-03-11',
      delayDays: 1,
    });
  });

  it('delivered a day early: delay −1', () => {
    expect(evaluatePromise(plan, [at('DELIVERED', '2026-03-09T18:00:00Z')], LIMA).delayDays).toBe(-1);
  });

  it('late, picked after the planned picking day: PICKING', () => {
    const events = [
      at('PICKED', '2026-03-09T14:00:00Z'),
      at('DISPATCHED', '2026-03-10T13:00:00Z'),
      at('DELIVERED', '2026-03-12T17:00:00Z'),
    ];
    expect(evaluatePromise(plan, events, LIMA)).toMatchObject({ delayDays: 2, slippedStep: 'PICKING' });
  });

  it('late, picked on time but dispatched after the planned departure: DEPARTURE', () => {
    const events = [
      at('PICKED', '2026-03-08T16:00:00Z'),
      at('DISPATCHED', '2026-03-10T13:00:00Z'),
      at('DELIVERED', '2026-03-11T17:00:00Z'),
    ];
    expect(evaluatePromise(plan, events, LIMA)).toMatchObject({ delayDays: 1, slippedStep: 'DEPARTURE' });
  });

  it('late, dispatched on time but 2 days in transit where the plan gave 1: TRANSIT', () => {
    const events = [...onTimeSteps, at('DELIVERED', '2026-03-11T17:00:00Z')];
    expect(evaluatePromise(plan, events, LIMA)).toMatchObject({ delayDays: 1, slippedStep: 'TRANSIT' });
  });

  it('late after a failed attempt on the promised day: DELIVERY_ATTEMPT, one failed attempt', () => {
    const events = [
      ...onTimeSteps,
      at('DELIVERY_FAILED', '2026-03-10T19:00:00Z'),
      at('DELIVERED', '2026-03-11T17:00:00Z'),
    ];
    expect(evaluatePromise(plan, events, LIMA)).toMatchObject({
      delayDays: 1,
      slippedStep: 'DELIVERY_ATTEMPT',
      failedAttempts: 1,
    });
  });

  it('late without the events that would say which step slipped: UNKNOWN', () => {
    expect(evaluatePromise(plan, [at('DELIVERED', '2026-03-12T17:00:00Z')], LIMA)).toMatchObject({
      delayDays: 2,
      slippedStep: 'UNKNOWN',
    });
  });

  it('the order of the events does not matter, and the earliest event of a type counts', () => {
    const events = [
      at('DELIVERED', '2026-03-13T17:00:00Z'),
      at('DELIVERED', '2026-03-11T17:00:00Z'),
      at('DISPATCHED', '2026-03-10T13:00:00Z'),
      at('PICKED', '2026-03-08T16:00:00Z'),
    ];
    expect(evaluatePromise(plan, events, LIMA)).toMatchObject({
      deliveredDate: '2026-03-11',
      delayDays: 1,
      slippedStep: 'DEPARTURE',
    });
    expect(evaluatePromise(plan, [...events].reverse(), LIMA)).toEqual(evaluatePromise(plan, events, LIMA));
  });

  it('events dated before the reservation are kept out and counted', () => {
    const outcome = evaluatePromise(plan, [at('DELIVERED', '2026-03-06T17:00:00Z')], LIMA);
    expect(outcome).toMatchObject({ state: 'OPEN', deliveredDate: null, ignoredEvents: 1 });
  });

  it('a cancellation, or the release of the confirmed reservation, closes it as CANCELLED; a delivery wins', () => {
    expect(evaluatePromise(plan, [at('CANCELLED', '2026-03-08T10:00:00Z')], LIMA).state).toBe('CANCELLED');
    expect(evaluatePromise({ ...plan, released: true }, [], LIMA).state).toBe('CANCELLED');
    const both = [at('CANCELLED', '2026-03-08T10:00:00Z'), at('DELIVERED', '2026-03-10T17:00:00Z')];
    expect(evaluatePromise(plan, both, LIMA)).toMatchObject({ state: 'DELIVERED', delayDays: 0 });
  });

  it('a plan without a picking or departure counter judges the steps it has', () => {
    const bare = { ...plan, pickingDate: null, departureDate: null };
    const events = [at('PICKED', '2026-03-09T14:00:00Z'), at('DELIVERED', '2026-03-11T17:00:00Z')];
    expect(evaluatePromise(bare, events, LIMA).slippedStep).toBe('UNKNOWN');
  });

  describe('outside the promised window (14:00–18:00 in Lima on the promised day)', () => {
    const windowed: PromisePlan = {
      ...plan,
      deliveryWindowStart: new Date('2026-03-10T14:00:00-05:00'),
      deliveryWindowEnd: new Date('2026-03-10T18:00:00-05:00'),
    };
    const delivered = (instant: string) => at('DELIVERED', instant);

    it('delivered within it, from its start up to before its end: nothing slipped', () => {
      for (const instant of ['2026-03-10T14:00:00-05:00', '2026-03-10T17:59:59.999-05:00'])
        expect(evaluatePromise(windowed, [...onTimeSteps, delivered(instant)], LIMA)).toMatchObject({
          delayDays: 0,
          slippedStep: null,
        });
    });

    it('on the day but before its start or from its end on: on time by day, attributed to WINDOW', () => {
      for (const instant of [
        '2026-03-10T13:59:00-05:00',
        '2026-03-10T18:00:00-05:00',
        '2026-03-10T22:00:00-05:00',
      ])
        expect(evaluatePromise(windowed, [...onTimeSteps, delivered(instant)], LIMA)).toEqual({
          state: 'DELIVERED',
          deliveredDate: '2026-03-10',
          delayDays: 0,
          failedAttempts: 0,
          slippedStep: 'WINDOW',
          ignoredEvents: 0,
        });
    });

    it('an earlier step that slipped comes first: picking, then departure', () => {
      const lateEvening = delivered('2026-03-10T20:00:00-05:00');
      const pickedLate = [
        at('PICKED', '2026-03-09T09:00:00-05:00'),
        at('DISPATCHED', '2026-03-09T15:00:00-05:00'),
      ];
      expect(evaluatePromise(windowed, [...pickedLate, lateEvening], LIMA).slippedStep).toBe('PICKING');
      const leftLate = [
        at('PICKED', '2026-03-08T09:00:00-05:00'),
        at('DISPATCHED', '2026-03-10T07:00:00-05:00'),
      ];
      expect(evaluatePromise(windowed, [...leftLate, lateEvening], LIMA).slippedStep).toBe('DEPARTURE');
    });

    it('a failed attempt within the window, delivered after it: DELIVERY_ATTEMPT; one before it: WINDOW', () => {
      const events = [
        ...onTimeSteps,
        at('DELIVERY_FAILED', '2026-03-10T15:00:00-05:00'),
        delivered('2026-03-10T19:00:00-05:00'),
      ];
      expect(evaluatePromise(windowed, events, LIMA)).toMatchObject({
        failedAttempts: 1,
        slippedStep: 'DELIVERY_ATTEMPT',
      });
      const tooEarly = [
        ...onTimeSteps,
        at('DELIVERY_FAILED', '2026-03-10T09:00:00-05:00'),
        delivered('2026-03-10T19:00:00-05:00'),
      ];
      expect(evaluatePromise(windowed, tooEarly, LIMA).slippedStep).toBe('WINDOW');
    });

    it('a late day is judged by the day, not by the window; a promise without window hours is never outside', () => {
      const nextDay = [...onTimeSteps, delivered('2026-03-11T15:00:00-05:00')];
      expect(evaluatePromise(windowed, nextDay, LIMA)).toMatchObject({
        delayDays: 1,
        slippedStep: 'TRANSIT',
      });
      const evening = [...onTimeSteps, delivered('2026-03-10T22:00:00-05:00')];
      expect(evaluatePromise(plan, evening, LIMA)).toMatchObject({ delayDays: 0, slippedStep: null });
    });
  });
});
