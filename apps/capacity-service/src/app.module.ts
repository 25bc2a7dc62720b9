import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@delivery/auth';
import type { Clock } from '@delivery/capacity-domain';
import { PromiseAccuracyRepository, reservationEventsTopology } from '@delivery/capacity-data-access';
import { MessagingModule } from '@delivery/messaging';
import { Database, PersistenceModule } from '@delivery/persistence';
import { errorResponseFormat, PlatformModule } from '@delivery/platform';
import { CAPACITY_AUTH_SCHEMES, CapacityConfig } from './shared';
import { CapacityUsageModule } from './capacity-usage';
import { ConfigurationModule } from './configuration';
import {
  DeliveryCapacityExplanationModule,
  DeliveryCapacityModule,
  LANE_MODELS,
  LaneModelsModule,
  ROUTE_ON_TIME,
  type LaneModelSource,
  type RouteOnTimeSource,
} from './delivery-capacity';
import { LaneModelHolder, LearningModule } from './learning';
import { OutcomesModule, RouteOnTimeRates } from './outcomes';
import { ReservationRiskModule } from './reservation-risk';
import { ReservationsModule } from './reservations';
import { SnapshotModule } from './snapshot';
import { WhoAmIController } from './whoami.controller';

export interface CapacityAppOptions {
  /** the engine's clock (E1.1); the system clock unless a test fixes it */
  clock?: Clock;
  /** the lane models calculations are given (docs/learning.md): the learning feature's unless a test gives its own */
  laneModels?: LaneModelSource;
}

/**
 * capacity-service: the platform, auth and the pools, the snapshot module every feature shares, and the features
 * (their order is the order of the operations in the OpenAPI document).
 */
@Module({})
export class AppModule {
  static forRoot(config: CapacityConfig, options: CapacityAppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'capacity-service',
          config,
          errorFormat: errorResponseFormat,
          basePath: config.BASE_PATH,
          bodyLimits: [
            { path: '/configuration', limit: `${config.CONFIGURATION_BODY_LIMIT_MB}mb`, sliced: true },
          ],
        }),
        AuthModule.forRoot({
          schemes: CAPACITY_AUTH_SCHEMES,
          config: config.auth,
          realm: 'capacity-service',
        }),
        PersistenceModule.forRoot(
          {
            url: config.DATABASE_URL,
            poolSize: config.DATABASE_POOL_SIZE,
            applicationName: 'capacity-service',
          },
          // the calculation's reads (delivery-capacity.module.ts)
          { readPool: { name: 'calculation_read', applicationName: 'capacity-service-calculation' } },
        ),
        // the broker of `reservation.at-risk` events: optional, calculations never wait for it
        ...(config.AMQP_URL === undefined
          ? []
          : [
              MessagingModule.forRoot({
                url: config.AMQP_URL,
                connectionName: 'capacity-service reservation events',
                topology: reservationEventsTopology().definition,
                optional: true,
              }),
            ]),
        SnapshotModule.forRoot(config, options.clock),
        // the lane models calculations are given: the learning feature's (or a test's own)
        options.laneModels === undefined
          ? LaneModelsModule.forRoot({ provide: LANE_MODELS, useExisting: LaneModelHolder }, [LearningModule])
          : LaneModelsModule.forRoot({ provide: LANE_MODELS, useValue: options.laneModels }),
        DeliveryCapacityModule,
        // the explanation's basis reads the outcomes' promises
        DeliveryCapacityExplanationModule.forRoot({
          provide: ROUTE_ON_TIME,
          inject: [Database],
          useFactory: (database: Database): RouteOnTimeSource =>
            new RouteOnTimeRates(new PromiseAccuracyRepository(database), config.TZ_BUSINESS),
        }),
        ConfigurationModule,
        ReservationRiskModule,
        ReservationsModule,
        CapacityUsageModule,
        OutcomesModule.forRoot(
          {
            timeZone: config.TZ_BUSINESS,
            sweepIntervalMs: config.OUTCOME_SWEEP_INTERVAL_MS,
            retentionDays: config.OUTCOME_RETENTION_DAYS,
            clockSkewMs: config.OUTCOME_CLOCK_SKEW_MS,
          },
          {
            onTime: {
              target: config.ON_TIME_TARGET_PERCENT / 100,
              refreshMs: config.CAPACITY_USAGE_REFRESH_MS,
            },
            suggestionMinDeliveries: config.OUTCOME_SUGGESTION_MIN_DELIVERIES,
            calibration: {
              limit: config.CALIBRATION_ALERT_POINTS / 100,
              minJudged: config.CALIBRATION_MIN_DELIVERIES,
              refreshMs: config.CALIBRATION_REFRESH_MS,
            },
          },
        ),
        LearningModule,
      ],
      controllers: [WhoAmIController],
    };
  }
}
