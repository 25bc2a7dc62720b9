import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@delivery/auth';
import type { Clock } from '@delivery/capacity-domain';
import { PersistenceModule } from '@delivery/persistence';
import { errorResponseFormat, PlatformModule } from '@delivery/platform';
import { CAPACITY_AUTH_SCHEMES, CAPACITY_CONFIG, CapacityConfig } from './capacity.config';
import { CapacityMetrics } from './capacity.metrics';
import {
  CAPACITY_USAGE_CONTROLLERS,
  CAPACITY_USAGE_PROVIDERS,
} from './capacity-usage/capacity-usage.providers';
import { CLOCK, systemClock } from './clock';
import { ConfigurationController } from './configuration/configuration.controller';
import { ConfigurationVersionsController } from './configuration/configuration-versions.controller';
import { CONFIGURATION_PROVIDERS } from './configuration/configuration.providers';
import { DeliveryCapacityController } from './delivery-capacity/delivery-capacity.controller';
import { DeliveryCapacityExplanationController } from './delivery-capacity/delivery-capacity-explanation.controller';
import { DELIVERY_CAPACITY_PROVIDERS } from './delivery-capacity/delivery-capacity.providers';
import { RESERVATION_CONTROLLERS, RESERVATION_PROVIDERS } from './reservations/reservations.providers';
import { WhoAmIController } from './whoami.controller';

export interface CapacityAppOptions {
  /** the engine's clock (E1.1); the system clock unless a test fixes it */
  clock?: Clock;
}

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
          // the calculation's reads (delivery-capacity.providers.ts)
          { readPool: { name: 'calculation_read', applicationName: 'capacity-service-calculation' } },
        ),
      ],
      controllers: [
        WhoAmIController,
        DeliveryCapacityController,
        DeliveryCapacityExplanationController,
        ConfigurationController,
        ConfigurationVersionsController,
        ...RESERVATION_CONTROLLERS,
        ...CAPACITY_USAGE_CONTROLLERS,
      ],
      providers: [
        { provide: CAPACITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        CapacityMetrics,
        ...CONFIGURATION_PROVIDERS,
        ...DELIVERY_CAPACITY_PROVIDERS,
        ...RESERVATION_PROVIDERS,
        ...CAPACITY_USAGE_PROVIDERS,
      ],
    };
  }
}
