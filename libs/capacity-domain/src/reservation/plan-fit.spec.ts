import { demoDocument, demoSnapshot } from '../testing/demo-world';
import { snapshotOf } from '../testing/world-builder';
import { dateNotReached, planMisfit, type PlannedStep } from './plan-fit';

/** docs/reservations.md "When a change breaks a reservation": each reason on the E10 reservation of 2026-11-26. */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const PLAN: PlannedStep[] = [
  { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2 },
  { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', units: 2 },
  { scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26', units: 1 },
];

type Fields = Record<string, unknown>;
function changed(edit: (document: { nodes: Fields[]; routes: Fields[] }) => void) {
  const document = demoDocument() as unknown as { nodes: Fields[]; routes: Fields[] };
  edit(document);
  return snapshotOf(document);
}
const node = (document: { nodes: Fields[] }, code: string) =>
  document.nodes.filter((n) => n.code === code)[0];
const route = (document: { routes: Fields[] }) => document.routes.filter((r) => r.code === ROUTE)[0];

describe('plan fit', () => {
  const before = demoSnapshot();

  it('the unchanged configuration fits every step', () => {
    expect(planMisfit(before, before, PLAN)).toBeNull();
  });

  it.each([
    [
      'HOLIDAY on the departure day names the source node',
      (d: { nodes: Fields[]; routes: Fields[] }) => (node(d, 'CD01').holidays as string[]).push('2026-11-25'),
      { reason: 'HOLIDAY', scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', node: 'CD01' },
    ],
    [
      'HOLIDAY on the picking day comes first',
      (d: { nodes: Fields[]; routes: Fields[] }) =>
        (node(d, 'CD01').holidays as string[]).push('2026-11-23', '2026-11-25'),
      { reason: 'HOLIDAY', scope: 'PICKING', ref: 'CD01', date: '2026-11-23', node: 'CD01' },
    ],
    [
      'NOT_PICKING_DAY when Monday is no longer a picking day',
      (d: { nodes: Fields[]; routes: Fields[] }) => (node(d, 'CD01').pickingDays = ['MAR', 'MIE']),
      { reason: 'NOT_PICKING_DAY', scope: 'PICKING', ref: 'CD01', date: '2026-11-23' },
    ],
    [
      'NOT_DEPARTURE_DAY when the route no longer leaves on Wednesdays',
      (d: { nodes: Fields[]; routes: Fields[] }) => (route(d).daysOfWeek = ['LUN', 'VIE']),
      { reason: 'NOT_DEPARTURE_DAY', scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25' },
    ],
    [
      'WINDOW_REMOVED when the route drops its AM window',
      (d: { nodes: Fields[]; routes: Fields[] }) =>
        (route(d).deliveryWindows = (route(d).deliveryWindows as Fields[]).filter((w) => w.code !== 'AM')),
      { reason: 'WINDOW_REMOVED', scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26' },
    ],
    [
      'WINDOW_MOVED when the AM window starts later',
      (d: { nodes: Fields[]; routes: Fields[] }) =>
        ((route(d).deliveryWindows as Fields[])[0].start = '10:00'),
      { reason: 'WINDOW_MOVED', scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26' },
    ],
    [
      'ROUTE_REMOVED when the route is gone',
      (d: { nodes: Fields[]; routes: Fields[] }) => (d.routes = d.routes.filter((r) => r.code !== ROUTE)),
      { reason: 'ROUTE_REMOVED', scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25' },
    ],
  ])('%s', (_name, edit, misfit) => {
    expect(planMisfit(before, changed(edit), PLAN)).toEqual(misfit);
  });

  it('NODE_REMOVED when the origin is gone with its routes', () => {
    const after = changed((d) => {
      const document = d as { nodes: Fields[]; routes: Fields[]; stock: Fields[] };
      document.nodes = document.nodes.filter((n) => n.code !== 'CD01');
      document.routes = document.routes.filter((r) => r.source !== 'CD01' && r.targetNode !== 'CD01');
      document.stock = document.stock.filter((row) => row.node !== 'CD01');
    });
    expect(planMisfit(before, after, PLAN)).toEqual({
      reason: 'NODE_REMOVED',
      scope: 'PICKING',
      ref: 'CD01',
      date: '2026-11-23',
    });
  });

  it.each([
    ['listed before, not after', ['2026-11-26', '2026-11-28'], ['2026-11-27', '2026-11-28'], true],
    ['listed before and after', ['2026-11-26'], ['2026-11-26'], false],
    ['beyond the listing, the new earliest date past it', ['2026-11-20'], ['2026-11-27'], true],
    ['beyond the listing, the new earliest date before it', ['2026-11-20'], ['2026-11-25'], false],
    ['beyond the listing, no date after', ['2026-11-20'], [], true],
    ['not reached before either', ['2026-11-28'], ['2026-11-30'], false],
  ])('DATE_NOT_REACHED of 2026-11-26: %s', (_name, datesBefore, datesAfter, expected) => {
    expect(dateNotReached('2026-11-26', datesBefore, datesAfter)).toBe(expected);
  });
});
