import {
  parseConfiguration,
  type CalculateDeliveryCapacityRequest,
  type CounterLoad,
  type CounterTake,
  type HoldingReservation,
  type PlannedCounter,
  type Snapshot,
} from '@delivery/capacity-domain';
import { demoConfiguration, demoSnapshot, E10_NOW, LIMA, calculatorOn } from '../testing/unit-fixtures';
import type { HoldingReservations } from './holding-reservations.port';
import { EarliestPromises } from './earliest-promises';
import { ReservationFitCheck } from './reservation-fit.check';

/**
 * The reservations the fake port holds are handed over in reverse and two at a time: what the check answers does
 * not depend on the order storage reads them in.
 */
class FakeHoldingReservations implements HoldingReservations {
  readonly reads: boolean[] = [];
  constructor(
    private readonly holding: HoldingReservation[],
    private readonly loads: CounterLoad[] = [],
  ) {}
  async eachCounterLoad(_from: string, visit: (batch: CounterLoad[]) => Promise<void>): Promise<void> {
    await visit(this.loads);
  }
  async eachHolding(
    _now: Date,
    withTaken: boolean,
    visit: (batch: HoldingReservation[]) => Promise<void>,
  ): Promise<void> {
    this.reads.push(withTaken);
    const reversed = [...this.holding].reverse().map((r) => (withTaken ? r : { ...r, taken: [] }));
    for (let start = 0; start < reversed.length; start += 2) await visit(reversed.slice(start, start + 2));
  }
  async requestsOf(): Promise<Map<string, CalculateDeliveryCapacityRequest>> {
    return new Map();
  }
}

const ROUTE = 'R-CD01-LIMCENTRO-N';
/** The E10 plan of one unit, departing `departs` (the route leaves on LUN, MIE, VIE) after picking on `picked`. */
const plan = (picked: string, departs: string, delivered: string): PlannedCounter[] => [
  { scope: 'PICKING', ref: 'CD01', date: picked, units: 2, unlimited: false },
  { scope: 'DISPATCH', ref: ROUTE, date: departs, units: 2, unlimited: false },
  { scope: 'WINDOW', ref: `${ROUTE}:AM`, date: delivered, units: 1, unlimited: false },
];
const PLANS = {
  A: plan('2026-11-23', '2026-11-25', '2026-11-26'),
  B: plan('2026-11-25', '2026-11-27', '2026-11-28'),
  C: plan('2026-11-27', '2026-11-30', '2026-12-01'),
};

/** A reservation of one plan, taken `minute` minutes after E10's instant. */
function reservation(identifier: string, which: keyof typeof PLANS, minute: number): HoldingReservation {
  const steps = PLANS[which];
  return {
    identifier,
    status: 'HELD',
    createdAt: new Date(E10_NOW.getTime() + minute * 60_000),
    selections: [
      {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        destination: 'LIM-CENTRO',
        deliveryDate: steps[2].date,
        deliveryWindow: 'AM',
        plan: steps,
      },
    ],
    taken: steps.map(({ scope, ref, date, units }): CounterTake => ({
      scope,
      ref,
      date,
      units,
      capacity: 1000,
    })),
  };
}

function changed(edit: (document: Record<string, Record<string, unknown>[]>) => void): Snapshot {
  const document = demoConfiguration() as Record<string, Record<string, unknown>[]>;
  edit(document);
  const built = parseConfiguration(document, LIMA);
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.snapshot;
}

describe('ReservationFitCheck', () => {
  const before = demoSnapshot();
  const check = (port: HoldingReservations) => {
    const calculator = calculatorOn(undefined, before);
    return new ReservationFitCheck(port, calculator, new EarliestPromises(port, calculator));
  };
  const listedOf = (found: { listed: { identifier: string; misfit: { reason: string; scope: string } }[] }) =>
    found.listed.map(({ identifier, misfit }) => `${identifier} ${misfit.reason} ${misfit.scope}`);

  // created in this order; A delivers on 11-26, B on 11-28, C on 12-01
  const book = [
    reservation('b1', 'B', 1),
    reservation('a1', 'A', 2),
    reservation('c1', 'C', 3),
    reservation('b2', 'B', 4),
    reservation('a2', 'A', 5),
    reservation('a3', 'A', 6),
  ];

  it('counts every risk by reason and lists the first `limit`, the soonest delivery first, then the order taken', async () => {
    // a holiday at CD01 on 11-25: A departs that day, B picks that day, C is not reached
    const after = changed((d) =>
      (d.nodes.find((n) => n.code === 'CD01')?.holidays as string[]).push('2026-11-25'),
    );
    const port = new FakeHoldingReservations(book);
    const found = await check(port).check(before, after, E10_NOW, { limit: 3, onlyBrokenByChange: true });
    expect(found.total).toBe(5);
    expect(found.byReason).toEqual({
      NODE_REMOVED: 0,
      ROUTE_REMOVED: 0,
      NOT_PICKING_DAY: 0,
      NOT_DEPARTURE_DAY: 0,
      HOLIDAY: 5,
      WINDOW_REMOVED: 0,
      WINDOW_MOVED: 0,
      COUNTER_FULL: 0,
      DATE_NOT_REACHED: 0,
    });
    expect(listedOf(found)).toEqual(['a1 HOLIDAY DISPATCH', 'a2 HOLIDAY DISPATCH', 'a3 HOLIDAY DISPATCH']);
    // no counter over its capacity: what each took is not read
    expect(port.reads).toEqual([false]);
    const all = await check(port).check(before, after, E10_NOW, {
      limit: Infinity,
      onlyBrokenByChange: true,
    });
    expect(listedOf(all)).toEqual([
      'a1 HOLIDAY DISPATCH',
      'a2 HOLIDAY DISPATCH',
      'a3 HOLIDAY DISPATCH',
      'b1 HOLIDAY PICKING',
      'b2 HOLIDAY PICKING',
    ]);
  });

  it('names the takers past a lowered capacity, the last taken first over, counted all and listed up to `limit`', async () => {
    // the departure of 11-25 lowered to 3 units; 1 unit used by a usage import, then a1, a2, a3 and a4 take 2 each
    const after = changed((d) =>
      d.capacityOverrides.push({ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity: 3 }),
    );
    const takers = [
      reservation('a1', 'A', 1),
      reservation('a2', 'A', 2),
      reservation('a3', 'A', 3),
      reservation('a4', 'A', 4),
      reservation('b1', 'B', 5),
    ];
    const loads: CounterLoad[] = [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', used: 9 }];
    const port = new FakeHoldingReservations(takers, loads);
    const found = await check(port).check(before, after, E10_NOW, { limit: 2, onlyBrokenByChange: true });
    // 1 + 2 = 3 fits (a1); a2, a3, a4 end past 3
    expect(found.total).toBe(3);
    expect(found.byReason.COUNTER_FULL).toBe(3);
    expect(listedOf(found)).toEqual(['a2 COUNTER_FULL DISPATCH', 'a3 COUNTER_FULL DISPATCH']);
    expect(found.listed[0].misfit).toEqual({
      reason: 'COUNTER_FULL',
      scope: 'DISPATCH',
      ref: ROUTE,
      date: '2026-11-25',
    });
    expect(port.reads).toEqual([true]);
  });

  it('after a change goes live, lists every reservation the version breaks, those it already broke too', async () => {
    const after = changed((d) =>
      (d.nodes.find((n) => n.code === 'CD01')?.holidays as string[]).push('2026-11-25'),
    );
    const found = await check(new FakeHoldingReservations(book)).check(after, after, E10_NOW, {
      limit: Infinity,
      onlyBrokenByChange: false,
    });
    expect(found.total).toBe(5);
    expect(found.listed.map((risk) => risk.identifier)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    // the preview of the same version against itself: nothing is the change's doing
    const preview = await check(new FakeHoldingReservations(book)).check(after, after, E10_NOW, {
      limit: 10,
      onlyBrokenByChange: true,
    });
    expect(preview.total).toBe(0);
  });
});
