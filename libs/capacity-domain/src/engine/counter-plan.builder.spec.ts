/** Reservations R2.2/R2.6/R2.7: the counters each listed date of a group's path uses. */
import { NO_DATA } from '../request/calculation-data.types';
import { demoSnapshot, e10Request } from '../testing/demo-world';
import { calculate, planGroups } from './capacity-engine';
import { earliestPromise, type GroupKey } from '../reservation/earliest-promise';
import {
  documentOf,
  E10_CLOCK,
  homeRoute,
  layoutA,
  node,
  requestA,
  runAsService,
  snapshotOf,
  used,
  zone,
} from '../testing/world-builder';

describe('counter plans for reservations', () => {
  it('lists PICKING and DISPATCH with the units and the last-leg windows with their state, per listed date', () => {
    const outcome = layoutA(
      runAsService(demoSnapshot(), e10Request(), {
        counters: [used('WINDOW', 'R-CD01-LIMCENTRO-N:AM', '2026-11-28', 40)],
      }),
    );
    const [plan] = outcome.groupPlans;
    expect(plan).toMatchObject({
      origin: 'CD01',
      dispatchMode: 'HOME_DELIVERY',
      destination: 'LIM-CENTRO',
      units: 2,
    });
    expect(plan.dates.map((date) => date.deliveryDate)).toEqual(
      outcome.response.logisticsCapacity[0].deliveryDates[0],
    );
    expect(plan.dates[0]).toEqual({
      deliveryDate: '2026-11-26',
      counters: [
        { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2, capacity: 1000, unlimited: false },
        {
          scope: 'DISPATCH',
          ref: 'R-CD01-LIMCENTRO-N',
          date: '2026-11-25',
          units: 2,
          capacity: 200,
          unlimited: false,
        },
      ],
      windows: [
        {
          scope: 'WINDOW',
          window: 'AM',
          start: '2026-11-26T09:00:00-05:00',
          end: '2026-11-26T13:00:00-05:00',
          hours: { start: '09:00', end: '13:00' },
          ref: 'R-CD01-LIMCENTRO-N:AM',
          date: '2026-11-26',
          units: 1,
          open: true,
          capacity: 40,
          unlimited: false,
        },
        {
          scope: 'WINDOW',
          window: 'PM',
          start: '2026-11-26T14:00:00-05:00',
          end: '2026-11-26T18:00:00-05:00',
          hours: { start: '14:00', end: '18:00' },
          ref: 'R-CD01-LIMCENTRO-N:PM',
          date: '2026-11-26',
          units: 1,
          open: true,
          capacity: 40,
          unlimited: false,
        },
      ],
    });
    expect(plan.dates[1].windows.map((w) => [w.window, w.date, w.open])).toEqual([
      ['AM', '2026-11-28', false],
      ['PM', '2026-11-28', true],
    ]);
  });

  it('keeps every leg of a multi-leg path; later dates change only the last leg', () => {
    const [plan] = layoutA(
      runAsService(demoSnapshot(), e10Request({ deliveryData: { zone: 'LIM-SUR' } })),
    ).groupPlans;
    expect(
      plan.dates.slice(0, 2).map((date) => date.counters.map((c) => `${c.scope} ${c.ref} ${c.date}`)),
    ).toEqual([
      ['PICKING CD01 2026-11-23', 'DISPATCH R-CD01-TD05-T 2026-11-24', 'DISPATCH R-TD05-LIMSUR-N 2026-11-25'],
      ['PICKING CD01 2026-11-23', 'DISPATCH R-CD01-TD05-T 2026-11-24', 'DISPATCH R-TD05-LIMSUR-N 2026-11-26'],
    ]);
    expect(plan.dates[0].windows).toEqual([]);
  });

  it('marks unlimited counters (recorded, not incremented) and gives error groups no dates, in response order', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A')],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('R', 'A', 'Z', { dispatchCapacity: 5 })],
      }),
    );
    const outcome = layoutA(
      runAsService(
        snapshot,
        requestA({
          deliveryData: { zone: 'Z' },
          items: [
            { skuCode: 'S', origin: 'X' },
            { skuCode: 'S', origin: 'A' },
          ],
        }),
      ),
    );
    expect(outcome.groupPlans.map((plan) => [plan.origin, plan.dates.length])).toEqual([
      ['A', 5],
      ['X', 0],
    ]);
    expect(outcome.groupPlans[0].dates[0].counters.map((c) => [c.scope, c.capacity, c.unlimited])).toEqual([
      ['PICKING', null, true],
      ['DISPATCH', 5, false],
    ]);
  });
});

describe('planGroups: the group plans without the answer (a replay)', () => {
  it('gives the plans calculate gives, for explicit origins and for an origin placed by the engine; none when invalid', () => {
    const requests = [
      e10Request(),
      e10Request({
        calculationOptions: { validateStock: false, calculate: 'SEARCH_ORIGINS_BY_ROUTE' },
        items: [{ skuCode: 'SKU-1', quantity: 1, weight: 1500 }],
      }),
    ];
    for (const request of requests) {
      const data = {
        counters: [used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 200)],
        stock: [],
        productWeights: [],
      };
      const plans = planGroups(demoSnapshot(), request, data, E10_CLOCK);
      expect(plans).not.toHaveLength(0);
      expect(plans).toEqual(layoutA(calculate(demoSnapshot(), request, data, E10_CLOCK)).groupPlans);
    }
    expect(
      planGroups(demoSnapshot(), e10Request({ purchaseDate: '2026-02-30' }), NO_DATA, E10_CLOCK),
    ).toEqual([]);
  });
});

describe('planGroups throughFirstOffer: the dates up to the first one a group offers', () => {
  it('lists the dates of the full plans through the first with an open window (what earliestPromise takes)', () => {
    const full = (date: string) => [
      used('WINDOW', 'R-CD01-LIMCENTRO-N:AM', date, 40),
      used('WINDOW', 'R-CD01-LIMCENTRO-N:PM', date, 40),
    ];
    const cases = [
      { counters: [], through: ['2026-11-26'] },
      // windows full on the 26th: the engine lists from the 28th, whose windows are open
      { counters: full('2026-11-26'), through: ['2026-11-28'] },
    ];
    for (const { counters, through } of cases) {
      const data = { counters, stock: [], productWeights: [] };
      const [all] = planGroups(demoSnapshot(), e10Request(), data, E10_CLOCK);
      const [first] = planGroups(demoSnapshot(), e10Request(), data, E10_CLOCK, { throughFirstOffer: true });
      const offered = all.dates.findIndex((date) => date.windows.some((window) => window.open));
      expect(offered).toBeGreaterThanOrEqual(0);
      expect(first).toEqual({ ...all, dates: all.dates.slice(0, offered + 1) });
      expect(first.dates.map((date) => date.deliveryDate)).toEqual(through);
      expect(earliestPromise([first], all as GroupKey)).toEqual(earliestPromise([all], all as GroupKey));
    }
  });
});
