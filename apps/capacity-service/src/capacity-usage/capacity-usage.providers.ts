/** What the usage view and its gauges add to capacity-service (AppModule lists them). */
import type { Provider, Type } from '@nestjs/common';
import { CapacityUsageRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { CapacityUsageQueryPipe } from './capacity-usage-query.pipe';
import { CapacityUsageController } from './capacity-usage.controller';
import { CapacityUsageGauges } from './capacity-usage.gauges';
import { CapacityUsageLedger } from './capacity-usage.ledger';
import { CapacityUsageMetrics } from './capacity-usage.metrics';
import { CAPACITY_USAGE_READER } from './capacity-usage.port';
import { CountUsageLevelsUseCase } from './count-usage-levels.use-case';
import { GetCapacityUsageUseCase } from './get-capacity-usage.use-case';

export const CAPACITY_USAGE_CONTROLLERS: Type[] = [CapacityUsageController];

export const CAPACITY_USAGE_PROVIDERS: Provider[] = [
  {
    provide: CAPACITY_USAGE_READER,
    // the application's pool: one statement per read
    inject: [Database],
    useFactory: (database: Database) => new CapacityUsageRepository(database),
  },
  CapacityUsageLedger,
  GetCapacityUsageUseCase,
  CapacityUsageQueryPipe,
  CountUsageLevelsUseCase,
  CapacityUsageMetrics,
  CapacityUsageGauges,
];
