import { Module } from '@nestjs/common';
import { CapacityUsageRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { CapacityUsageController } from './capacity-usage.controller';
import { CapacityUsageGauges } from './capacity-usage.gauges';
import { CapacityUsageLedger } from './capacity-usage.ledger';
import { CapacityUsageMetrics } from './capacity-usage.metrics';
import { CAPACITY_USAGE_READER, type CapacityUsageReader } from './capacity-usage.port';
import { CountUsageLevelsUseCase } from './count-usage-levels.use-case';
import { GetCapacityUsageUseCase } from './get-capacity-usage.use-case';

/** The usage view and its gauges, over the active snapshot's counters (the ledger keeps this replica's copy). */
@Module({
  controllers: [CapacityUsageController],
  providers: [
    {
      provide: CAPACITY_USAGE_READER,
      // the application's pool: one statement per read
      inject: [Database],
      useFactory: (database: Database): CapacityUsageReader => new CapacityUsageRepository(database),
    },
    CapacityUsageLedger,
    GetCapacityUsageUseCase,
    CountUsageLevelsUseCase,
    CapacityUsageMetrics,
    CapacityUsageGauges,
  ],
})
export class CapacityUsageModule {}
