import type { GroupPlan } from '../engine/counter-plan.builder';
import { earliestPromise } from './earliest-promise';

/** The earliest promise of a group: the first listed date with no windows or an open one, its first open window. */
const GROUP = { origin: 'CD01', dispatchMode: 'HOME_DELIVERY' as const, destination: 'LIM-CENTRO' };
const window = (code: string, open: boolean) => ({
  scope: 'WINDOW' as const,
  ref: `R:${code}`,
  window: code,
  start: `2026-11-26T${code === 'AM' ? '09' : '14'}:00:00-05:00`,
  end: `2026-11-26T${code === 'AM' ? '13' : '18'}:00:00-05:00`,
  hours: { start: code === 'AM' ? '09:00' : '14:00', end: code === 'AM' ? '13:00' : '18:00' },
  date: '2026-11-26',
  units: 1 as const,
  capacity: 40,
  unlimited: false,
  open,
});
const plan = (dates: GroupPlan['dates']): GroupPlan[] => [{ ...GROUP, units: 2, dates }];

describe('earliest promise', () => {
  it('skips a date whose windows are all closed and takes the first open window of the next', () => {
    const plans = plan([
      { deliveryDate: '2026-11-26', counters: [], windows: [window('AM', false), window('PM', false)] },
      { deliveryDate: '2026-11-28', counters: [], windows: [window('AM', false), window('PM', true)] },
    ]);
    expect(earliestPromise(plans, GROUP)).toEqual({ deliveryDate: '2026-11-28', deliveryWindow: 'PM' });
  });

  it('a last leg without windows promises its first date with no window', () => {
    expect(earliestPromise(plan([{ deliveryDate: '2026-11-27', counters: [], windows: [] }]), GROUP)).toEqual(
      { deliveryDate: '2026-11-27', deliveryWindow: null },
    );
  });

  it('no promise for a group without dates or not in the answer', () => {
    expect(earliestPromise(plan([]), GROUP)).toBeNull();
    expect(earliestPromise(plan([]), { ...GROUP, destination: 'LIM-NORTE' })).toBeNull();
  });
});
