import { type DynamicModule, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { CalculationDataReader } from '@delivery/capacity-data-access';
import { READ_DATABASE, type Database } from '@delivery/persistence';
import { CALCULATION_DATA, READS_PER_STATEMENT, type CalculationDataSource } from './calculation-data.port';
import { CapacityCalculator } from './capacity-calculator';
import { CapacityRequestPipe } from './capacity-request.pipe';
import { DeliveryCapacityController } from './delivery-capacity.controller';
import { DeliveryCapacityExplanationController } from './delivery-capacity-explanation.controller';
import { LANE_MODELS, type LaneModelSource } from './lane-models.port';
import type { RouteOnTimeSource } from './route-on-time.port';

/**
 * The calculation. Exports the one `CapacityCalculator` (reservations and the configuration
 * preview run the engine through it) and the check of a calculation request (`CapacityRequestPipe`). Its lane models
 * (`LANE_MODELS`) come from `LaneModelsModule`.
 */
@Module({
  controllers: [DeliveryCapacityController],
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

/**
 * The explanation: the calculation run again with its record, and each chosen route's on-time record through
 * `ROUTE_ON_TIME` (route-on-time.port.ts), whose adapter the app binds (`routeOnTime`).
 */
@Module({})
export class DeliveryCapacityExplanationModule {
  static forRoot(routeOnTime: Provider<RouteOnTimeSource>): DynamicModule {
    return {
      module: DeliveryCapacityExplanationModule,
      imports: [DeliveryCapacityModule],
      controllers: [DeliveryCapacityExplanationController],
      providers: [routeOnTime],
    };
  }
}

/**
 * The lane models every calculation is given (lane-models.port.ts; global, imported once by AppModule): the source
 * the app binds (`laneModels`, the learning feature's models).
 */
@Module({})
export class LaneModelsModule {
  static forRoot(
    laneModels: Provider<LaneModelSource>,
    imports: ModuleMetadata['imports'] = [],
  ): DynamicModule {
    return {
      module: LaneModelsModule,
      global: true,
      imports,
      providers: [laneModels],
      exports: [LANE_MODELS],
    };
  }
}
