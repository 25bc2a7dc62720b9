import { evaluatePromise } from '@delivery/capacity-domain';
import { demoOutcomes } from './demo-outcomes';

describe('demoOutcomes', () => {
  const { promises, events } = demoOutcomes('2026-11-26');

  it('makes 4 orders per lane and promised day, 28 days up to today and 2 days ahead, the same every time', () => {
    expect(promises).toHaveLength(30 * 3 * 4);
    expect(promises[0]).toEqual({
      identifier: 'DEMO-2026-10-30-LIM-CENTRO-0',
      createdAt: '2026-10-27T15:00:00.000Z',
      selection: {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        destination: 'LIM-CENTRO',
        deliveryDate: '2026-10-30',
        deliveryWindow: null,
        plan: [
          { scope: 'PICKING', ref: 'CD01', date: '2026-10-28', units: 1, unlimited: false },
          { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-10-29', units: 1, unlimited: false },
        ],
      },
    });
    expect(demoOutcomes('2026-11-26')).toEqual({ promises, events });
  });

  it('keeps most promises, with the late ones mostly on the two-leg lane to LIM-SUR', () => {
    const states = new Map<string, number>();
    for (const promise of promises) {
      const mine = events
        .filter((event) => event.reservationIdentifier === promise.identifier)
        .map((event) => ({ type: event.type, occurredAt: new Date(event.occurredAt) }));
      const outcome = evaluatePromise(
        {
          promisedDate: promise.selection.deliveryDate,
          pickingDate: promise.selection.plan[0].date,
          departureDate: promise.selection.plan[1].date,
          reservedAt: new Date(promise.createdAt),
          released: false,
          deliveryWindowStart: null, // the demo's lanes promise no window
          deliveryWindowEnd: null,
        },
        mine,
        'America/Lima',
      );
      const key =
        `${promise.selection.destination} ${outcome.state} ${outcome.slippedStep ?? (outcome.delayDays === null ? '' : outcome.delayDays <= 0 ? 'on time' : '')}`.trim();
      states.set(key, (states.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries([...states].sort())).toEqual({
      'LIM-CENTRO CANCELLED': 1,
      'LIM-CENTRO DELIVERED DELIVERY_ATTEMPT': 7,
      'LIM-CENTRO DELIVERED DEPARTURE': 2,
      'LIM-CENTRO DELIVERED on time': 100,
      'LIM-CENTRO OPEN': 10,
      'LIM-SUR CANCELLED': 2,
      'LIM-SUR DELIVERED DELIVERY_ATTEMPT': 5,
      'LIM-SUR DELIVERED DEPARTURE': 3,
      'LIM-SUR DELIVERED TRANSIT': 8,
      'LIM-SUR DELIVERED on time': 89,
      'LIM-SUR OPEN': 13,
      'TD07 CANCELLED': 2,
      'TD07 DELIVERED DELIVERY_ATTEMPT': 3,
      'TD07 DELIVERED DEPARTURE': 2,
      'TD07 DELIVERED on time': 102,
      'TD07 OPEN': 11,
    });
  });
});
