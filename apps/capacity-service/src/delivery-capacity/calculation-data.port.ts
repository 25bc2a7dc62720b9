import type { CalculationData, ReadPlan } from '@delivery/capacity-domain';

/** Phase 2 of the engine's two-phase data access: what a read plan names (bound in delivery-capacity.providers.ts). */
export const CALCULATION_DATA = Symbol('CALCULATION_DATA');

export interface CalculationDataSource {
  read(plan: ReadPlan): Promise<CalculationData>;
}
