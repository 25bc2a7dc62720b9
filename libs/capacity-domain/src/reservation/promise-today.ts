/**
 * No promise in the past (docs/reservations.md, "No promise in the past"). A hold or a move is refused when a step
 * of its plan falls on a day before the business today: a picking day before today, a departure already gone, a
 * delivery day before today. What a move suggests and the at-risk list offers is computed from the order as if it
 * were placed today (`placedFrom`): the engine then starts its picking today at the earliest (the next day once
 * today's cut-off has passed, E4.1) and closes today's windows that have started (E4.2), so the plan can be kept.
 */
import type { CounterScope } from '../configuration/configuration-document.types';

/** A step of a plan: the counter it takes and its day. */
export interface PlanStep {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly date: string;
}

/** The first step (in plan order: picking, departures, window) on a day before `today`; null when there is none. */
export function pastStep(steps: readonly PlanStep[], today: string): PlanStep | null {
  const past = steps.find((step) => step.date < today);
  return past === undefined ? null : { scope: past.scope, ref: past.ref, date: past.date };
}

/** The request of an order as if placed on `today` when its purchase date is before it; else the request itself. */
export function placedFrom<T extends { readonly purchaseDate: string }>(request: T, today: string): T {
  return request.purchaseDate < today ? { ...request, purchaseDate: today } : request;
}
