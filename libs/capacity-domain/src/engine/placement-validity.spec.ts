/**
 * `validUntil` of groups placed by route (E6.2 `SEARCH_ORIGINS_BY_ROUTE`): the first instant time moves the items
 * to another origin, not the first instant a candidate's first date moves.
 */
import {
  clockAt,
  documentOf,
  homeRoute,
  node,
  requestA,
  snapshotOf,
  stockRow,
  zone,
} from '../testing/world-builder';
import type { StockLevelRow } from '../request/calculation-data.types';
import { explain } from './capacity-engine';
import { MAX_PLACEMENTS } from './placement-validity';

/**
 * CD1: no cut-off, first date the purchase date 11-23 + `lead1`; the others: cut-off at their own minute of
 * 2026-11-23 (from 10:00), first date 11-23 + `lead` before it and 11-24 + `lead` from it to the end of the 23rd.
 */
function world(lead1: number, lead: number, others: number) {
  const codes = Array.from({ length: others }, (_, i) => `CD${i + 2}`);
  const cutoff = (i: number) => `10:${String(i).padStart(2, '0')}`;
  return snapshotOf(
    documentOf({
      nodes: [node('CD1'), ...codes.map((code, i) => node(code, { pickingCutoffTime: cutoff(i) }))],
      zones: [zone('Z', ['150101'])],
      routes: [
        homeRoute('R-CD1', 'CD1', 'Z', { leadTimeDays: lead1 }),
        ...codes.map((code) => homeRoute(`R-${code}`, code, 'Z', { leadTimeDays: lead })),
      ],
    }),
  );
}
const request = requestA({
  deliveryData: { zone: 'Z', ubigeoCode: '150101' },
  calculationOptions: { calculate: 'SEARCH_ORIGINS_BY_ROUTE' },
  items: [{ skuCode: 'S', quantity: 1 }],
});
const stockAt = (...codes: string[]): StockLevelRow[] => codes.map((code) => stockRow('S', code, 5));

function answerAt(snapshot: ReturnType<typeof world>, stock: StockLevelRow[], at: string) {
  const { outcome, explanation } = explain(
    snapshot,
    request,
    { counters: [], stock, productWeights: [] },
    clockAt(at),
    1,
  );
  if (outcome.kind === 'invalid' || outcome.layout !== 'A') throw new Error('layout A expected');
  const [group] = outcome.response.logisticsCapacity;
  const event = explanation?.groups[0].validUntil ?? null;
  return {
    origin: group.origin,
    first: group.deliveryDates[0][0],
    validUntil: group.validUntil,
    event: event === null ? null : [event.reason, event.node, event.date],
  };
}

describe('validUntil with origins placed by route', () => {
  it('a candidate that cannot take the items does not bound the answer, even when its first date moves', () => {
    // CD2 (no stock) delivers first until its cut-off at 10:00; CD1 takes the item whatever time does
    const snapshot = world(1, 0, 1);
    expect(answerAt(snapshot, stockAt('CD1'), '2026-11-23T09:00:00-05:00')).toEqual({
      origin: 'CD1',
      first: '2026-11-24',
      validUntil: null,
      event: null,
    });
  });

  it('a contender whose first date moves without passing the chosen one bounds nothing', () => {
    // CD2: 11-24 until 10:00, 11-25 until the end of the 23rd, 11-24 again; CD1 keeps 11-23 and the item
    const snapshot = world(0, 1, 1);
    expect(answerAt(snapshot, stockAt('CD1', 'CD2'), '2026-11-23T09:00:00-05:00')).toEqual({
      origin: 'CD1',
      first: '2026-11-23',
      validUntil: null,
      event: null,
    });
  });

  it('the answer holds until a contender passes the chosen origin, and the items move there at that instant', () => {
    // after CD2's cut-off both deliver on 11-24 (CD1 wins the tie by code); at the end of the 23rd CD2 picks on
    // the purchase date again and delivers on 11-23
    const snapshot = world(1, 0, 1);
    const stock = stockAt('CD1', 'CD2');
    expect(answerAt(snapshot, stock, '2026-11-23T13:00:00-05:00')).toEqual({
      origin: 'CD1',
      first: '2026-11-24',
      validUntil: '2026-11-24T00:00:00-05:00',
      event: ['BUSINESS_DAY_END', 'CD2', '2026-11-23'],
    });
    expect(answerAt(snapshot, stock, '2026-11-23T23:59:59-05:00').origin).toBe('CD1');
    expect(answerAt(snapshot, stock, '2026-11-24T00:00:00-05:00')).toMatchObject({
      origin: 'CD2',
      first: '2026-11-23',
    });
  });

  it(`places the items again at ${MAX_PLACEMENTS} instants at most; the next one then bounds the answer`, () => {
    // contenders CD2… with cut-offs 10:00, 10:01, …: each one moves a first date behind CD1's, one placement each
    const within = world(0, 1, MAX_PLACEMENTS - 1);
    const codes = ['CD1', ...Array.from({ length: MAX_PLACEMENTS + 1 }, (_, i) => `CD${i + 2}`)];
    expect(answerAt(within, stockAt(...codes), '2026-11-23T09:00:00-05:00').validUntil).toBeNull();
    const beyond = world(0, 1, MAX_PLACEMENTS + 1);
    const last = `CD${MAX_PLACEMENTS + 2}`;
    expect(answerAt(beyond, stockAt(...codes), '2026-11-23T09:00:00-05:00')).toEqual({
      origin: 'CD1',
      first: '2026-11-23',
      validUntil: `2026-11-23T10:${MAX_PLACEMENTS}:00-05:00`,
      event: ['PICKING_CUTOFF', last, null],
    });
    expect(answerAt(beyond, stockAt(...codes), `2026-11-23T10:${MAX_PLACEMENTS}:00-05:00`).origin).toBe(
      'CD1',
    );
  });
});
