/** `validUntil` on the demo world, E10 row 1 (and two other destinations) asked at instants around its events. */
import { demoSnapshot, e10Request } from '../testing/demo-world';
import { clockAt, layoutA } from '../testing/world-builder';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import { explain } from './capacity-engine';

const withdrawal = (pickup: string, origin = 'CD01') =>
  e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: pickup } }, origin);

function validityAt(request: CalculateDeliveryCapacityRequest, at: string) {
  const { outcome, explanation } = explain(
    demoSnapshot(),
    request,
    { counters: [], stock: [], productWeights: [] },
    clockAt(at),
    1,
  );
  const group = layoutA(outcome).response.logisticsCapacity[0];
  const event = explanation?.groups[0].validUntil ?? null;
  return {
    first: group.deliveryDates[0][0],
    validUntil: group.validUntil,
    event: event === null ? null : [event.reason, event.node ?? event.window, event.date],
  };
}

describe('validUntil (how long an answer holds)', () => {
  it.each([
    [
      'E4.1 PICKING_CUTOFF: before the cut-off on the purchase date, the answer holds until it',
      e10Request(),
      '2026-11-22T12:00:00-05:00',
      {
        first: '2026-11-26',
        validUntil: '2026-11-23T18:00:00-05:00',
        event: ['PICKING_CUTOFF', 'CD01', null],
      },
    ],
    [
      'E4.1 BUSINESS_DAY_END: after the cut-off, until the purchase date is past (picking starts on it again)',
      e10Request(),
      '2026-11-23T18:30:00-05:00',
      {
        first: '2026-11-26',
        validUntil: '2026-11-24T00:00:00-05:00',
        event: ['BUSINESS_DAY_END', 'CD01', '2026-11-23'],
      },
    ],
    [
      'E4.2/E7.1 WINDOW_START: on the first listed date, until its earliest open window starts',
      e10Request(),
      '2026-11-26T08:00:00-05:00',
      {
        first: '2026-11-26',
        validUntil: '2026-11-26T09:00:00-05:00',
        event: ['WINDOW_START', 'AM', '2026-11-26'],
      },
    ],
    [
      'E4.2/E7.1 WINDOW_START: AM blocked, until PM starts',
      e10Request(),
      '2026-11-26T10:00:00-05:00',
      {
        first: '2026-11-26',
        validUntil: '2026-11-26T14:00:00-05:00',
        event: ['WINDOW_START', 'PM', '2026-11-26'],
      },
    ],
    [
      "E4.2 BUSINESS_DAY_END: every window of today closed, until they open again with today's end",
      e10Request(),
      '2026-11-26T15:00:00-05:00',
      {
        first: '2026-11-28',
        validUntil: '2026-11-27T00:00:00-05:00',
        event: ['BUSINESS_DAY_END', null, '2026-11-26'],
      },
    ],
    [
      'E4.1 a two-leg path is bounded by its origin’s cut-off too',
      e10Request({ deliveryData: { zone: 'LIM-SUR' } }),
      '2026-11-22T12:00:00-05:00',
      {
        first: '2026-11-26',
        validUntil: '2026-11-23T18:00:00-05:00',
        event: ['PICKING_CUTOFF', 'CD01', null],
      },
    ],
    [
      'null: a past purchase date and a last leg without windows, time alone changes nothing',
      withdrawal('TD07'),
      '2026-11-26T15:00:00-05:00',
      { first: '2026-11-28', validUntil: null, event: null },
    ],
    [
      'null: an origin without a cut-off and the empty path',
      withdrawal('TD05', 'TD05'),
      '2026-11-22T12:00:00-05:00',
      { first: '2026-11-23', validUntil: null, event: null },
    ],
  ])('%s', (_name, request, at, expected) => {
    expect(validityAt(request, at)).toEqual(expected);
  });
});
