import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@delivery/auth';
import { PersistenceModule } from '@delivery/persistence';
import { errorResponseFormat, PlatformModule } from '@delivery/platform';
import { CAPACITY_AUTH_SCHEMES, CapacityConfig } from './capacity.config';
import { WhoAmIController } from './whoami.controller';

@Module({})
export class AppModule {
  static forRoot(config: CapacityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'capacity-service',
          config,
          errorFormat: errorResponseFormat,
          basePath: config.BASE_PATH,
        }),
        AuthModule.forRoot({
          schemes: CAPACITY_AUTH_SCHEMES,
          config: config.auth,
          realm: 'capacity-service',
        }),
        PersistenceModule.forRoot({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          applicationName: 'capacity-service',
        }),
      ],
      controllers: [WhoAmIController],
    };
  }
}
