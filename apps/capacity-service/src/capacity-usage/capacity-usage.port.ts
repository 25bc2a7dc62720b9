/** What the usage ledger (`CapacityUsageLedger`) needs of storage (bound in capacity-usage.module.ts). */
import type { UsageRead, UsageReadRequest } from '@delivery/capacity-domain';

/**
 * In one statement, as of now: the days `load` whole; with `since`, the changes since its mark on the days it names
 * (or, without, every HELD reservation); the mark of the next read (`libs/capacity-domain/src/usage/usage-read.ts`).
 */
export interface CapacityUsageReader {
  read(request: UsageReadRequest): Promise<UsageRead>;
}

export const CAPACITY_USAGE_READER = Symbol('CapacityUsageReader');
