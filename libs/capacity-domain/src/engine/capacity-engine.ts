/**
 * The capacity engine's two phases (capacity-engine.md): `planReads` says what may be read, the service fetches
 * it in bulk (at most two queries), `calculate` computes from those rows alone. Same inputs, same output.
 */
import type { Clock } from '../calendar/business-time';
import type { Snapshot } from '../configuration/snapshot';
import type { CalculationData } from '../request/calculation-data.types';
import { CapacityRequest, isLayoutA } from '../request/capacity-request.types';
import type { CapacityOutcome } from './capacity-outcome';
import { calculateLayoutA } from './layout-a';
import { calculateLayoutB } from './layout-b';

export { planReads } from './read-plan';

export function calculate(
  snapshot: Snapshot,
  request: CapacityRequest,
  data: CalculationData,
  clock: Clock,
): CapacityOutcome {
  return isLayoutA(request)
    ? calculateLayoutA(snapshot, request, data, clock)
    : calculateLayoutB(snapshot, request, data, clock);
}
