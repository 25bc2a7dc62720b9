import { OutcomeEventsValidator } from './outcome-events.validator';

const validator = new OutcomeEventsValidator();
const event = {
  reservationIdentifier: 'ORD-1',
  selection: 0,
  type: 'DELIVERED',
  occurredAt: '2026-03-10T15:00:00-05:00',
};

describe('OutcomeEventsValidator', () => {
  it('accepts a batch of valid events', () => {
    const body = { events: [event, { ...event, type: 'DELIVERY_FAILED', reason: 'nobody home' }] };
    expect(validator.check(body)).toEqual({ ok: true, message: body });
  });

  it.each([
    [null, [{ field: 'body', message: 'must be object' }]],
    [{}, [{ field: 'events', message: 'is required' }]],
    [{ events: [] }, [{ field: 'events', message: 'must NOT have fewer than 1 items' }]],
    [{ events: [event], extra: 1 }, [{ field: 'extra', message: 'is not a known property' }]],
    [
      { events: [{ ...event, type: 'LOST', selection: -1 }] },
      [
        { field: 'events[0].selection', message: 'must be >= 0' },
        {
          field: 'events[0].type',
          message: 'must be one of PICKED, DISPATCHED, DELIVERED, DELIVERY_FAILED, CANCELLED',
        },
      ],
    ],
    [
      { events: [{ ...event, occurredAt: '2026-03-10 15:00' }] },
      [{ field: 'events[0].occurredAt', message: expect.stringMatching(/^must match pattern/) as unknown }],
    ],
    [
      { events: [{ ...event, occurredAt: '2026-02-30T25:00:00Z' }] },
      [{ field: 'events[0].occurredAt', message: 'must be a real instant' }],
    ],
    [
      { events: [{ ...event, type: 'DELIVERY_FAILED' }] },
      [{ field: 'events[0].reason', message: 'is required for DELIVERY_FAILED' }],
    ],
  ])('rejects %j naming every problem', (body, problems) => {
    expect(validator.check(body)).toEqual({ ok: false, problems });
  });

  it('rejects more than 1,000 events', () => {
    const check = validator.check({ events: Array.from({ length: 1001 }, () => event) });
    expect(check).toEqual({
      ok: false,
      problems: [{ field: 'events', message: 'must NOT have more than 1000 items' }],
    });
  });

  it('describes problems in one line for a dead letter', () => {
    expect(
      OutcomeEventsValidator.describe([
        { field: 'events[0].type', message: 'is required' },
        { field: 'x', message: 'y' },
      ]),
    ).toBe('events[0].type: is required; x: y');
  });
});
