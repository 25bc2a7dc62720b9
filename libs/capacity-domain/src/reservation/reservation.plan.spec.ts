import type { CounterPlanEntry, GroupPlan, WindowPlanEntry } from '../engine/counter-plan.builder';
import type { ReservationSelection } from './reservation.model';
import { planReservation } from './reservation.plan';

const counter = (
  scope: 'PICKING' | 'DISPATCH',
  ref: string,
  date: string,
  units: number,
  capacity: number | null,
): CounterPlanEntry => ({ scope, ref, date, units, capacity, unlimited: capacity === null });
const window = (
  code: string,
  date: string,
  open: boolean,
  capacity: number | null = 40,
): WindowPlanEntry => ({
  scope: 'WINDOW',
  window: code,
  start: `${date}T${code === 'AM' ? '09' : code === 'PM' ? '14' : '19'}:00:00-05:00`,
  end: `${date}T${code === 'AM' ? '13' : code === 'PM' ? '18' : '22'}:00:00-05:00`,
  hours: {
    start: code === 'AM' ? '09:00' : code === 'PM' ? '14:00' : '19:00',
    end: code === 'AM' ? '13:00' : code === 'PM' ? '18:00' : '22:00',
  },
  ref: `R1:${code}`,
  date,
  units: 1,
  open,
  capacity,
  unlimited: capacity === null,
});

const GROUPS: GroupPlan[] = [
  {
    origin: 'CD01',
    dispatchMode: 'HOME_DELIVERY',
    destination: 'Z1',
    units: 2,
    dates: [
      {
        deliveryDate: '2026-11-26',
        counters: [
          counter('PICKING', 'CD01', '2026-11-23', 2, 1000),
          counter('DISPATCH', 'R1', '2026-11-25', 2, 200),
        ],
        windows: [
          window('AM', '2026-11-26', false),
          window('PM', '2026-11-26', true),
          window('EV', '2026-11-26', true, null),
        ],
      },
    ],
  },
  {
    origin: 'CD01',
    dispatchMode: 'STORE_WITHDRAWAL',
    destination: 'TD07',
    units: 2,
    dates: [
      {
        deliveryDate: '2026-11-28',
        counters: [
          counter('PICKING', 'CD01', '2026-11-23', 2, 1000),
          counter('DISPATCH', 'R7', '2026-11-26', 2, null),
        ],
        windows: [],
      },
    ],
  },
  { origin: 'SEL01', dispatchMode: 'HOME_DELIVERY', destination: 'Z1', units: 1, dates: [] },
];

const selection = (fields: Partial<ReservationSelection> = {}): ReservationSelection => ({
  origin: 'CD01',
  dispatchMode: 'HOME_DELIVERY',
  destination: 'Z1',
  deliveryDate: '2026-11-26',
  ...fields,
});

/** The business today of the plans above: every step of them is today or later. */
const TODAY = '2026-11-22';

describe('planReservation (R2.1, R2.2, R2.6, R2.7)', () => {
  it('R2.2 plans PICKING and DISPATCH with the units and the first open window (R2.7) with 1', () => {
    const plan = planReservation(GROUPS, [selection()], TODAY);
    expect(plan).toEqual({
      ok: true,
      selections: [
        {
          ...selection(),
          deliveryWindow: 'PM',
          deliveryWindowStart: '2026-11-26T14:00:00-05:00',
          deliveryWindowEnd: '2026-11-26T18:00:00-05:00',
          // kept for the reservation check: a later configuration that moves PM moves this promise's window
          deliveryWindowHours: { start: '14:00', end: '18:00' },
          plan: [
            { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2, unlimited: false },
            { scope: 'DISPATCH', ref: 'R1', date: '2026-11-25', units: 2, unlimited: false },
            { scope: 'WINDOW', ref: 'R1:PM', date: '2026-11-26', units: 1, unlimited: false },
          ],
        },
      ],
      taken: [
        { scope: 'DISPATCH', ref: 'R1', date: '2026-11-25', units: 2, capacity: 200 },
        { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2, capacity: 1000 },
        { scope: 'WINDOW', ref: 'R1:PM', date: '2026-11-26', units: 1, capacity: 40 },
      ],
    });
  });

  it('a selection keeps its group’s lane promise: the buffer, the probability and the model version', () => {
    const promise = {
      probability: 0.9624,
      lane: 'R1',
      level: 'LANE' as const,
      deliveries: 412,
      bufferDays: 3,
      modelVersion: 17,
    };
    const groups = GROUPS.map((group, i) => (i === 0 ? { ...group, promise } : group));
    const plan = planReservation(
      groups,
      [
        selection(),
        selection({ dispatchMode: 'STORE_WITHDRAWAL', destination: 'TD07', deliveryDate: '2026-11-28' }),
      ],
      TODAY,
    );
    if (!plan.ok) throw new Error(JSON.stringify(plan.problems));
    expect(
      plan.selections.map(({ bufferDays, probability, modelVersion }) => [
        bufferDays,
        probability,
        modelVersion,
      ]),
    ).toEqual([
      [3, 0.9624, 17],
      [undefined, undefined, undefined],
    ]);
    expect(Object.keys(plan.selections[1])).toEqual([
      'origin',
      'dispatchMode',
      'destination',
      'deliveryDate',
      'deliveryWindow',
      'plan',
    ]);
  });

  it('R2.6 records unlimited counters without taking them; shared counters are taken once with the units summed', () => {
    const plan = planReservation(
      GROUPS,
      [
        selection({ deliveryWindow: 'EV' }),
        selection({ dispatchMode: 'STORE_WITHDRAWAL', destination: 'TD07', deliveryDate: '2026-11-28' }),
      ],
      TODAY,
    );
    if (!plan.ok) throw new Error('expected a plan');
    expect(
      plan.selections.map((s) => [s.deliveryWindow, s.plan.map((e) => `${e.ref}${e.unlimited ? ' ∞' : ''}`)]),
    ).toEqual([
      ['EV', ['CD01', 'R1', 'R1:EV ∞']],
      [null, ['CD01', 'R7 ∞']],
    ]);
    expect(plan.taken).toEqual([
      { scope: 'DISPATCH', ref: 'R1', date: '2026-11-25', units: 2, capacity: 200 },
      { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 4, capacity: 1000 },
    ]);
  });

  it('R2.1 names every selection that matches no group, listed date or open window', () => {
    expect(
      planReservation(
        GROUPS,
        [
          selection({ destination: 'Z2' }),
          selection({ deliveryDate: '2026-11-27' }),
          selection({ deliveryWindow: 'AM' }),
          selection({ deliveryWindow: 'XX' }),
          selection({
            dispatchMode: 'STORE_WITHDRAWAL',
            destination: 'TD07',
            deliveryDate: '2026-11-28',
            deliveryWindow: 'AM',
          }),
          selection({ origin: 'SEL01' }),
          selection({ deliveryWindow: 'PM' }),
        ],
        TODAY,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { index: 0, reason: 'the recomputed request has no such group' },
        { index: 1, reason: '2026-11-27 is not a delivery date of the group (it lists 2026-11-26)' },
        { index: 2, reason: 'the delivery window AM is not open on 2026-11-26' },
        { index: 3, reason: 'the last leg has no delivery window XX' },
        { index: 4, reason: 'the last leg has no delivery windows, so there is no window AM' },
        { index: 5, reason: 'the group lists no delivery date' },
      ],
    });
  });

  it('R2.7 no open window at all on the date: the selection cannot be reserved', () => {
    const closed: GroupPlan = {
      ...GROUPS[0],
      dates: [{ ...GROUPS[0].dates[0], windows: [window('AM', '2026-11-26', false)] }],
    };
    expect(planReservation([closed], [selection()], TODAY)).toEqual({
      ok: false,
      problems: [{ index: 0, reason: 'no delivery window is open on 2026-11-26' }],
    });
  });
});

describe('planReservation: no promise in the past', () => {
  it('names the first step before today, picking first, with the step', () => {
    expect(planReservation(GROUPS, [selection()], '2026-11-24')).toEqual({
      ok: false,
      problems: [
        {
          index: 0,
          reason: "the plan's PICKING CD01 on 2026-11-23 is before today (2026-11-24)",
          step: { scope: 'PICKING', ref: 'CD01', date: '2026-11-23' },
        },
      ],
    });
  });

  it('names a departure already gone, and a window on a delivery day before today', () => {
    const picked = (today: string) => ({
      ...GROUPS[0],
      dates: [
        {
          ...GROUPS[0].dates[0],
          counters: [
            counter('PICKING', 'CD01', today, 2, 1000),
            counter('DISPATCH', 'R1', '2026-11-25', 2, 200),
          ],
        },
      ],
    });
    expect(planReservation([picked('2026-11-26')], [selection()], '2026-11-26')).toMatchObject({
      ok: false,
      problems: [{ index: 0, step: { scope: 'DISPATCH', ref: 'R1', date: '2026-11-25' } }],
    });
    const windowOnly: GroupPlan = { ...GROUPS[0], dates: [{ ...GROUPS[0].dates[0], counters: [] }] };
    expect(planReservation([windowOnly], [selection()], '2026-11-27')).toMatchObject({
      ok: false,
      problems: [{ index: 0, step: { scope: 'WINDOW', ref: 'R1:PM', date: '2026-11-26' } }],
    });
  });

  it('a delivery date before today the group does not list is named as such', () => {
    expect(planReservation(GROUPS, [selection({ deliveryDate: '2026-11-20' })], TODAY)).toEqual({
      ok: false,
      problems: [{ index: 0, reason: 'the delivery date 2026-11-20 is before today (2026-11-22)' }],
    });
  });

  it('every step today or later is kept: picking and delivery today', () => {
    const sameDay: GroupPlan = {
      ...GROUPS[1],
      dates: [
        {
          deliveryDate: '2026-11-23',
          counters: [counter('PICKING', 'CD01', '2026-11-23', 2, 1000)],
          windows: [],
        },
      ],
    };
    const plan = planReservation(
      [sameDay],
      [selection({ dispatchMode: 'STORE_WITHDRAWAL', destination: 'TD07', deliveryDate: '2026-11-23' })],
      '2026-11-23',
    );
    expect(plan.ok).toBe(true);
  });
});
