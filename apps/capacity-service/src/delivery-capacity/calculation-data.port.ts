import type { CalculationData, ReadPlan } from '@delivery/capacity-domain';

/** Phase 2 of the engine's two-phase data access: what a read plan names (bound in delivery-capacity.module.ts). */
export const CALCULATION_DATA = Symbol('CALCULATION_DATA');

/** Plans read in one turn of the event loop share one statement, up to this many (the adapter's batch). */
export const READS_PER_STATEMENT = 32;

export interface CalculationDataSource {
  read(plan: ReadPlan): Promise<CalculationData>;
}
