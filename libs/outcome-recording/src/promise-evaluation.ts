import { evaluatePromise } from '@delivery/capacity-domain';
import type { EvaluatedPromise, PromiseEvidence } from './outcome-store.port';

/** The outcome of each locked promise from its plan and all its events (the domain's rules). */
export function evaluateAll(promises: readonly PromiseEvidence[], timeZone: string): EvaluatedPromise[] {
  return promises.map((promise) => ({
    reservationIdentifier: promise.reservationIdentifier,
    selection: promise.selection,
    ...evaluatePromise(promise, promise.events, timeZone),
  }));
}
