/** The delivery-capacity feature's adapters, bound to the ports its use case declares. */
import type { Provider } from '@nestjs/common';
import { CalculationDataReader } from '@delivery/capacity-data-access';
import { READ_DATABASE, type Database } from '@delivery/persistence';
import { CalculateDeliveryCapacityUseCase } from './calculate-delivery-capacity.use-case';
import { CALCULATION_DATA, READS_PER_STATEMENT, type CalculationDataSource } from './calculation-data.port';
import { CapacityRequestPipe } from './capacity-request.pipe';

export const DELIVERY_CAPACITY_PROVIDERS: Provider[] = [
  {
    // the read pool: named statements with generic plans, connections apart from imports and reservations
    provide: CALCULATION_DATA,
    inject: [READ_DATABASE],
    useFactory: (database: Database): CalculationDataSource =>
      new CalculationDataReader(database, READS_PER_STATEMENT),
  },
  CalculateDeliveryCapacityUseCase,
  CapacityRequestPipe,
];
