/**
 * The earliest promise a calculation gives one group of an order: its first listed delivery date on which the last
 * leg has no windows or an open one, with the first open window (the date and window a reservation would take
 * when it names none). What a move suggests and what the preview names for a reservation that no longer fits.
 */
import type { DispatchMode } from '../request/capacity-request.types';
import type { GroupPlan } from '../engine/counter-plan.builder';

export interface GroupKey {
  readonly origin: string;
  readonly dispatchMode: DispatchMode;
  readonly destination: string;
}

export interface EarliestPromise {
  readonly deliveryDate: string;
  /** null when the last leg has no windows */
  readonly deliveryWindow: string | null;
}

export function earliestPromise(groupPlans: readonly GroupPlan[], group: GroupKey): EarliestPromise | null {
  const plan = groupPlans.find(
    (candidate) =>
      candidate.origin === group.origin &&
      candidate.dispatchMode === group.dispatchMode &&
      candidate.destination === group.destination,
  );
  for (const date of plan?.dates ?? []) {
    if (date.windows.length === 0) return { deliveryDate: date.deliveryDate, deliveryWindow: null };
    const open = date.windows.find((window) => window.open);
    if (open !== undefined) return { deliveryDate: date.deliveryDate, deliveryWindow: open.window };
  }
  return null;
}
