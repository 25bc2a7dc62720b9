/** `validUntil` on the demo world, E10 row 1 (and two other destinations) asked at instants around its events. */
import type { Snapshot } from '../configuration/snapshot';
import { demoDocument, demoSnapshot, e10Request } from '../testing/demo-world';
import { clockAt, layoutA, snapshotOf } from '../testing/world-builder';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import { calculate, explain } from './capacity-engine';

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

describe('validUntil where clocks change (America/New_York, the cut-off in the changed hour)', () => {
  /** The demo world in New York, CD01 picking every day with its cut-off at `cutoff`. */
  function newYork(cutoff: string): Snapshot {
    const document = demoDocument() as {
      settings: Record<string, unknown>;
      nodes: Record<string, unknown>[];
    };
    document.settings.timezone = 'America/New_York';
    const origin = document.nodes.find((node) => node.code === 'CD01') as Record<string, unknown>;
    origin.pickingDays = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];
    origin.pickingCutoffTime = cutoff;
    return snapshotOf(document);
  }

  function validUntilAt(snapshot: Snapshot, purchaseDate: string, at: string) {
    const { outcome, explanation } = explain(
      snapshot,
      e10Request({ purchaseDate }),
      { counters: [], stock: [], productWeights: [] },
      clockAt(at),
      1,
    );
    const group = layoutA(outcome).response.logisticsCapacity[0];
    const event = explanation?.groups[0].validUntil ?? null;
    return { validUntil: group.validUntil, at: event?.at, reason: event?.reason };
  }

  it.each([
    [
      'a cut-off the clocks skip (02:00 → 03:00) is reached when they jump past it, at the offset then in force',
      '02:30',
      '2027-03-14',
      '2027-03-14T01:30:00-05:00',
      '2027-03-14T03:00:00-04:00',
      'PICKING_CUTOFF',
    ],
    [
      'past the jump, the answer holds until the end of the day',
      '02:30',
      '2027-03-14',
      '2027-03-14T03:00:00-04:00',
      '2027-03-15T00:00:00-04:00',
      'BUSINESS_DAY_END',
    ],
    [
      'a cut-off in the hour lived twice (02:00 → 01:00), asked in its first time: its first time',
      '01:30',
      '2027-11-07',
      '2027-11-07T01:10:00-04:00',
      '2027-11-07T01:30:00-04:00',
      'PICKING_CUTOFF',
    ],
    [
      'asked in its second time: its second time, after now',
      '01:30',
      '2027-11-07',
      '2027-11-07T01:10:00-05:00',
      '2027-11-07T01:30:00-05:00',
      'PICKING_CUTOFF',
    ],
  ])('%s', (_name, cutoff, purchaseDate, at, validUntil, reason) => {
    expect(validUntilAt(newYork(cutoff), purchaseDate, at)).toEqual({ validUntil, at: validUntil, reason });
  });

  it('the skipped cut-off: one second before 07:00Z the same answer, at 07:00Z another', () => {
    const snapshot = newYork('02:30');
    const request = e10Request({ purchaseDate: '2027-03-14' });
    const noRows = { counters: [], stock: [], productWeights: [] };
    const pickingAt = (at: string) =>
      layoutA(calculate(snapshot, request, noRows, clockAt(at))).response.logisticsCapacity[0].pickingDate;
    expect([pickingAt('2027-03-14T06:59:59Z'), pickingAt('2027-03-14T07:00:00Z')]).toEqual([
      '2027-03-14',
      '2027-03-15',
    ]);
  });
});
