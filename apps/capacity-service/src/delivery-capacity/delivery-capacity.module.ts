import { Module } from '@nestjs/common';
import { CalculationDataReader } from '@delivery/capacity-data-access';
import { READ_DATABASE, type Database } from '@delivery/persistence';
import { CALCULATION_DATA, READS_PER_STATEMENT, type CalculationDataSource } from './calculation-data.port';
import { CapacityCalculator } from './capacity-calculator';
import { CapacityRequestPipe } from './capacity-request.pipe';
import { DeliveryCapacityController } from './delivery-capacity.controller';
import { DeliveryCapacityExplanationController } from './delivery-capacity-explanation.controller';

/**
 * The calculation and its explanation. Exports the one `CapacityCalculator` (reservations and the configuration
 * preview run the engine through it) and the check of a calculation request (`CapacityRequestPipe`).
 */
@Module({
  controllers: [DeliveryCapacityController, DeliveryCapacityExplanationController],
  providers: [
    {
      // the read pool: named statements with generic plans, connections apart from imports and reservations
      provide: CALCULATION_DATA,
      inject: [READ_DATABASE],
      useFactory: (database: Database): CalculationDataSource =>
        new CalculationDataReader(database, READS_PER_STATEMENT),
    },
    CapacityCalculator,
    CapacityRequestPipe,
  ],
  exports: [CapacityCalculator, CapacityRequestPipe],
})
export class DeliveryCapacityModule {}
