import type { Snapshot } from '../configuration/snapshot';
import { calculate } from '../engine/capacity-engine';
import { runAtOnce } from '../shared/slices';
import { demoDocument, demoSnapshot, e10Request } from '../testing/demo-world';
import { clockAt, E10_CLOCK, snapshotOf } from '../testing/world-builder';
import type { CounterLoad } from './counter-overrun';
import type { HoldingReservation } from './reservation-risk.model';
import type { PlannedCounter, WindowHours } from './reservation.model';
import { ReservationFit, type FoundRisks } from './reservation-fit';

/**
 * docs/reservations.md "When a change breaks a reservation", the check's rules on E10 reservations of the demo world
 * (CD01 → R-CD01-LIMCENTRO-N, AM 09:00–13:00): A picks 11-23, departs 11-25, delivers 11-26; B 11-25, 11-27, 11-28.
 */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const AM: WindowHours = { start: '09:00', end: '13:00' };
const plan = (picked: string, departs: string, delivered: string): PlannedCounter[] => [
  { scope: 'PICKING', ref: 'CD01', date: picked, units: 2, unlimited: false },
  { scope: 'DISPATCH', ref: ROUTE, date: departs, units: 2, unlimited: false },
  { scope: 'WINDOW', ref: `${ROUTE}:AM`, date: delivered, units: 1, unlimited: false },
];
const PLANS = {
  A: plan('2026-11-23', '2026-11-25', '2026-11-26'),
  B: plan('2026-11-25', '2026-11-27', '2026-11-28'),
};

/** A reservation of one plan taken `minute` minutes after E10's instant, with the AM hours it was made with
 *  (`null`: made before the hours were kept). */
function reservation(
  identifier: string,
  which: keyof typeof PLANS,
  minute: number,
  hours: WindowHours | null = AM,
): HoldingReservation {
  const steps = PLANS[which];
  return {
    identifier,
    status: 'HELD',
    createdAt: new Date(E10_CLOCK.now().getTime() + minute * 60_000),
    selections: [
      {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        destination: 'LIM-CENTRO',
        deliveryDate: steps[2].date,
        deliveryWindow: 'AM',
        ...(hours === null ? {} : { deliveryWindowHours: hours }),
        plan: steps,
      },
    ],
    taken: steps.map(({ scope, ref, date, units }) => ({ scope, ref, date, units, capacity: 1000 })),
  };
}

type Fields = Record<string, unknown>;
type Document = { nodes: Fields[]; routes: Fields[]; capacityOverrides: Fields[] };
function demoWith(edit: (document: Document) => void): Snapshot {
  const document = demoDocument() as unknown as Document;
  edit(document);
  return snapshotOf(document);
}
const amFrom = (start: string) =>
  demoWith((d) => {
    const route = d.routes.filter((r) => r.code === ROUTE)[0];
    (route.deliveryWindows as Fields[]).filter((w) => w.code === 'AM')[0].start = start;
  });
const holiday = (date: string) =>
  demoWith((d) => (d.nodes.filter((n) => n.code === 'CD01')[0].holidays as string[]).push(date));
const departureCapacity = (capacity: number) =>
  demoWith((d) => d.capacityOverrides.push({ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity }));

const DEMO = demoSnapshot();
const AM_AT_8 = amFrom('08:00');

/** The check run at once over plain data: the loads, the reservations in one batch, no order computed again. */
function check(
  before: Snapshot,
  after: Snapshot,
  reservations: HoldingReservation[],
  options: { onlyBrokenByChange: boolean; loads?: CounterLoad[]; limit?: number },
): FoundRisks {
  const fit = runAtOnce(ReservationFit.of(before, after, options.onlyBrokenByChange));
  runAtOnce(fit.countLoads(options.loads ?? []));
  runAtOnce(fit.visit(reservations.map((r) => (fit.needsTaken ? r : { ...r, taken: [] }))));
  runAtOnce(fit.counterRisks());
  return runAtOnce(fit.found(options.limit ?? Infinity));
}
const listed = (found: FoundRisks) =>
  found.listed.map(
    ({ identifier, misfit }) => `${identifier} ${misfit.reason} ${misfit.scope} ${misfit.date}`,
  );

describe('ReservationFit: the reservation check over plain data', () => {
  const book = [reservation('b1', 'B', 1), reservation('a1', 'A', 2), reservation('a2', 'A', 3)];
  const DISPATCH_LOAD: CounterLoad = { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', used: 5 };

  it.each([
    [
      'a step the version no longer takes: HOLIDAY on A’s departure and B’s picking, the soonest delivery first',
      DEMO,
      holiday('2026-11-25'),
      book,
      { onlyBrokenByChange: false },
      ['a1 HOLIDAY DISPATCH 2026-11-25', 'a2 HOLIDAY DISPATCH 2026-11-25', 'b1 HOLIDAY PICKING 2026-11-25'],
    ],
    [
      'WINDOW_MOVED: the window starts at other hours than those the reservation was made with',
      DEMO,
      AM_AT_8,
      book,
      { onlyBrokenByChange: false },
      [
        'a1 WINDOW_MOVED WINDOW 2026-11-26',
        'a2 WINDOW_MOVED WINDOW 2026-11-26',
        'b1 WINDOW_MOVED WINDOW 2026-11-28',
      ],
    ],
    [
      'a window moved back to the hours the reservation was made with breaks nothing (the version before moved it)',
      AM_AT_8,
      DEMO,
      book,
      { onlyBrokenByChange: false },
      [],
    ],
    [
      'moved a second time, against the hours kept, not against the version before (which moved it too)',
      AM_AT_8,
      amFrom('10:00'),
      [reservation('a1', 'A', 2)],
      { onlyBrokenByChange: false },
      ['a1 WINDOW_MOVED WINDOW 2026-11-26'],
    ],
    [
      'the preview of the hours kept against a version that moved them: not the change’s doing, nothing listed',
      AM_AT_8,
      DEMO,
      book,
      { onlyBrokenByChange: true },
      [],
    ],
    [
      'the preview of a move of the window: the reservations it breaks',
      DEMO,
      AM_AT_8,
      [reservation('a1', 'A', 2)],
      { onlyBrokenByChange: true },
      ['a1 WINDOW_MOVED WINDOW 2026-11-26'],
    ],
    [
      'a reservation that kept no hours is compared with the version before: moved back is moved',
      AM_AT_8,
      DEMO,
      [reservation('a1', 'A', 2, null)],
      { onlyBrokenByChange: false },
      ['a1 WINDOW_MOVED WINDOW 2026-11-26'],
    ],
    [
      'a reservation that kept no hours, in a version whose window the version before had too: fits',
      DEMO,
      DEMO,
      [reservation('a1', 'A', 2, null)],
      { onlyBrokenByChange: false },
      [],
    ],
    [
      'COUNTER_FULL: past a lowered capacity the last taken are over (1 unit of a usage import, then 2 each)',
      DEMO,
      departureCapacity(3),
      [reservation('a1', 'A', 1), reservation('a2', 'A', 2)],
      { onlyBrokenByChange: false, loads: [DISPATCH_LOAD] },
      ['a2 COUNTER_FULL DISPATCH 2026-11-25'],
    ],
    [
      'COUNTER_FULL in a preview: a reservation already past the capacity the active version gives is not the change’s',
      departureCapacity(3),
      departureCapacity(1),
      [reservation('a1', 'A', 1), reservation('a2', 'A', 2)],
      { onlyBrokenByChange: true, loads: [DISPATCH_LOAD] },
      ['a1 COUNTER_FULL DISPATCH 2026-11-25'],
    ],
    [
      'a step misfit comes before COUNTER_FULL: the holiday is named, not the counter',
      DEMO,
      demoWith((d) => {
        (d.nodes.filter((n) => n.code === 'CD01')[0].holidays as string[]).push('2026-11-25');
        d.capacityOverrides.push({ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity: 0 });
      }),
      [reservation('a1', 'A', 1)],
      { onlyBrokenByChange: false, loads: [DISPATCH_LOAD] },
      ['a1 HOLIDAY DISPATCH 2026-11-25'],
    ],
  ])('%s', (_name, before, after, reservations, options, expected) => {
    expect(listed(check(before, after, reservations, options))).toEqual(expected);
  });

  it('counts every risk by reason and lists the first `limit`', () => {
    const found = check(DEMO, holiday('2026-11-25'), book, { onlyBrokenByChange: false, limit: 1 });
    expect([found.total, found.byReason.HOLIDAY, found.byReason.WINDOW_MOVED, listed(found)]).toEqual([
      3,
      3,
      0,
      ['a1 HOLIDAY DISPATCH 2026-11-25'],
    ]);
  });

  it('a reservation over two overrun counters is named by the one its first taker took first', () => {
    // a1 (taken first) and a2 each take 2 of PICKING CD01 11-23 and DISPATCH 11-25, both lowered below what is used
    const after = demoWith((d) =>
      d.capacityOverrides.push(
        { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity: 2 },
        { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', capacity: 2 },
      ),
    );
    const loads: CounterLoad[] = [
      { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', used: 4 },
      { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', used: 4 },
    ];
    const found = check(DEMO, after, [reservation('a2', 'A', 2), reservation('a1', 'A', 1)], {
      onlyBrokenByChange: false,
      loads,
    });
    // a1's takes in `taken` order: PICKING first, so a2, over both, is named by PICKING
    expect(listed(found)).toEqual(['a2 COUNTER_FULL PICKING 2026-11-23']);
  });

  it("DATE_NOT_REACHED: the order computed on both no longer reaches the reserved date (its promise is the caller's)", () => {
    // two more processing days at CD01: the path's timing changed, 11-26 is no longer reached
    const after = demoWith((d) => (d.nodes.filter((n) => n.code === 'CD01')[0].processingDays = 3));
    const fit = runAtOnce(ReservationFit.of(DEMO, after, false));
    runAtOnce(fit.visit([reservation('a1', 'A', 2)]));
    expect(fit.timed.map((r) => r.identifier)).toEqual(['a1']);
    const request = e10Request();
    const rows = { counters: [], stock: [], productWeights: [] };
    const at = clockAt('2026-11-22T12:00:00-05:00');
    fit.late(fit.timed[0], calculate(DEMO, request, rows, at), calculate(after, request, rows, at));
    const [risk] = runAtOnce(fit.found(10)).listed;
    expect([risk.misfit, risk.earliestPromise]).toEqual([
      { reason: 'DATE_NOT_REACHED', scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26' },
      null,
    ]);
  });
});
