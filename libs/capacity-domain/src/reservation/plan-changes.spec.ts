import { runAtOnce } from '../shared/slices';
import { demoDocument, demoSnapshot } from '../testing/demo-world';
import { snapshotOf } from '../testing/world-builder';
import { PlanChanges } from './plan-changes';
import { planMisfit, type PlannedStep } from './plan-fit';

/** The E10 reservation of 2026-11-26 (plan-fit.spec.ts), and the same order through the express route of TD01. */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const PLAN: PlannedStep[] = [
  { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2 },
  { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', units: 2 },
  { scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26', units: 1 },
];

type Fields = Record<string, unknown>;
type Document = { nodes: Fields[]; routes: Fields[]; capacityOverrides: Fields[] };
type Edit = (document: Document) => void;
function changed(edit: Edit) {
  const document = demoDocument() as unknown as Document;
  edit(document);
  return snapshotOf(document);
}
const node = (document: Document, code: string) => document.nodes.filter((n) => n.code === code)[0];
const route = (document: Document, code = ROUTE) => document.routes.filter((r) => r.code === code)[0];
const other = (document: Document) => document.routes.filter((r) => r.code !== ROUTE)[0];
const holiday = (code: string, day: string) => (d: Document) =>
  (node(d, code).holidays as string[]).push(day);

describe('plan changes', () => {
  const before = demoSnapshot();
  const changesTo = (edit: Edit) => {
    const after = changed(edit);
    return { after, changes: runAtOnce(PlanChanges.between(before, after)) };
  };

  it.each<[string, Edit, boolean]>([
    ['a holiday on the departure day at the source', holiday('CD01', '2026-11-25'), true],
    ['a holiday on the picking day', holiday('CD01', '2026-11-23'), true],
    ['a holiday at the origin on a day the plan does not use', holiday('CD01', '2026-11-24'), false],
    ['a holiday of another node on the departure day', holiday('TD05', '2026-11-25'), false],
    ['the picking days of the origin', (d) => (node(d, 'CD01').pickingDays = ['MAR', 'MIE']), true],
    ['the departure days of the route', (d) => (route(d).daysOfWeek = ['LUN', 'VIE']), true],
    ['the departure days of another route', (d) => (other(d).daysOfWeek = ['LUN']), false],
    ['the hours of the window', (d) => ((route(d).deliveryWindows as Fields[])[0].start = '10:00'), true],
    ['the route removed', (d) => (d.routes = d.routes.filter((r) => r.code !== ROUTE)), true],
    ['the route one day slower (timing only)', (d) => (route(d).leadTimeDays = 2), false],
    ['the origin processing a day longer (timing only)', (d) => (node(d, 'CD01').processingDays = 2), false],
    [
      'a capacity override on the departure day',
      (d) => d.capacityOverrides.push({ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity: 0 }),
      false,
    ],
  ])('%s: touches the plan %s', (_name, edit, touches) => {
    const { after, changes } = changesTo(edit);
    expect(changes.touches(PLAN)).toBe(touches);
    // untouched: the plan fits the change exactly as it fits the active configuration
    if (!touches) expect(planMisfit(before, after, PLAN)).toEqual(planMisfit(before, before, PLAN));
  });

  it('a holiday removed is a change as much as one added', () => {
    const withHoliday = changed(holiday('CD01', '2026-11-25'));
    const changes = runAtOnce(PlanChanges.between(withHoliday, before));
    expect(changes.touches(PLAN)).toBe(true);
    expect(planMisfit(withHoliday, withHoliday, PLAN)?.reason).toBe('HOLIDAY');
    expect(planMisfit(withHoliday, before, PLAN)).toBeNull();
  });

  it('no change touches no plan and changes no timing', () => {
    const changes = runAtOnce(PlanChanges.between(before, before));
    expect(changes.touches(PLAN)).toBe(false);
    expect(changes.timingChanged(PLAN)).toBe(false);
  });

  it.each<[string, Edit, boolean]>([
    ['a new lead time of the route', (d) => (route(d).leadTimeDays = 2), true],
    ['a new processing time of the origin', (d) => (node(d, 'CD01').processingDays = 2), true],
    ['a new picking cut-off of the origin', (d) => (node(d, 'CD01').pickingCutoffTime = '12:00'), true],
    ['a new lead time of another route', (d) => (other(d).leadTimeDays = 5), false],
    ['a holiday on the departure day', holiday('CD01', '2026-11-25'), false],
  ])('%s: changes the timing of the plan %s', (_name, edit, timed) => {
    expect(changesTo(edit).changes.timingChanged(PLAN)).toBe(timed);
  });
});
