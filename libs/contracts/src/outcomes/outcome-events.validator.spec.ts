import { INSTANT_PROBLEM } from '../instant.parser';
import { OutcomeEventsValidator } from './outcome-events.validator';

const validator = new OutcomeEventsValidator({ clockSkewMs: 300_000 });
const NOW = new Date('2026-03-20T12:00:00Z');
const event = {
  reservationIdentifier: 'ORD-1',
  selection: 0,
  type: 'DELIVERED',
  occurredAt: '2026-03-10T15:00:00-05:00',
};
const at = (occurredAt: string) => ({ events: [{ ...event, occurredAt }] });

describe('OutcomeEventsValidator', () => {
  it('accepts a batch of valid events', () => {
    const body = { events: [event, { ...event, type: 'DELIVERY_FAILED', reason: 'nobody home' }] };
    expect(validator.check(body, NOW)).toEqual({ ok: true, message: body });
  });

  it.each([
    [null, [{ field: '', message: 'must be an object' }]],
    [[event], [{ field: '', message: 'must be an object' }]],
    [{}, [{ field: 'events', message: 'is required' }]],
    [{ events: [] }, [{ field: 'events', message: 'must have at least 1 entry' }]],
    [{ events: [event], extra: 1 }, [{ field: 'extra', message: 'is not an accepted property' }]],
    [
      { events: [{ ...event, type: 'LOST', selection: -1 }] },
      [
        { field: 'events[0].selection', message: 'must be 0 or more' },
        {
          field: 'events[0].type',
          message: 'must be one of PICKED, DISPATCHED, DELIVERED, DELIVERY_FAILED, CANCELLED',
        },
      ],
    ],
    [at('2026-03-10 15:00'), [{ field: 'events[0].occurredAt', message: INSTANT_PROBLEM }]],
    [at('2026-02-30T25:00:00Z'), [{ field: 'events[0].occurredAt', message: INSTANT_PROBLEM }]],
    [at('0000-01-01T00:00:00Z'), [{ field: 'events[0].occurredAt', message: INSTANT_PROBLEM }]],
    [at('2026-03-20T12:05:01Z'), [{ field: 'events[0].occurredAt', message: 'must not be later than now' }]],
    [
      { events: [{ ...event, reservationIdentifier: 'ORD-\u0000', reason: '\ud800' }] },
      [
        {
          field: 'events[0].reservationIdentifier',
          message: 'must not contain NUL characters or unpaired surrogates',
        },
        { field: 'events[0].reason', message: 'must not contain NUL characters or unpaired surrogates' },
      ],
    ],
    [
      { events: [{ ...event, type: 'DELIVERY_FAILED' }] },
      [{ field: 'events[0].reason', message: 'is required for DELIVERY_FAILED' }],
    ],
    [
      // every problem of the body: the schema's and the rules after it
      {
        events: [
          { ...event, selection: 'x' },
          { ...event, type: 'DELIVERY_FAILED', occurredAt: '2026-02-29T10:00Z' },
        ],
      },
      [
        { field: 'events[0].selection', message: 'must be an integer' },
        { field: 'events[1].occurredAt', message: INSTANT_PROBLEM },
        { field: 'events[1].reason', message: 'is required for DELIVERY_FAILED' },
      ],
    ],
  ])('rejects %j naming every problem', (body, problems) => {
    expect(validator.check(body, NOW)).toEqual({ ok: false, problems });
  });

  it('accepts an event up to the clock-skew tolerance after now, and a validator without one refuses it', () => {
    expect(validator.check(at('2026-03-20T12:05:00Z'), NOW).ok).toBe(true);
    expect(new OutcomeEventsValidator({ clockSkewMs: 0 }).check(at('2026-03-20T12:00:00.001Z'), NOW)).toEqual(
      {
        ok: false,
        problems: [{ field: 'events[0].occurredAt', message: 'must not be later than now' }],
      },
    );
  });

  it('rejects more than 1,000 events', () => {
    const check = validator.check({ events: Array.from({ length: 1001 }, () => event) }, NOW);
    expect(check).toEqual({
      ok: false,
      problems: [{ field: 'events', message: 'must have at most 1000 entries' }],
    });
  });

  it('describes problems in one line for a dead letter', () => {
    expect(
      OutcomeEventsValidator.describe([
        { field: 'events[0].type', message: 'is required' },
        { field: '', message: 'must be an object' },
      ]),
    ).toBe('events[0].type: is required; body: must be an object');
  });
});
