import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@delivery/auth';
import { PersistenceModule } from '@delivery/persistence';
import { messageFormat, PlatformModule } from '@delivery/platform';
import { UPLOAD_AUTH_SCHEMES, UploadConfig } from './upload.config';
import { WhoAmIController } from './whoami.controller';

@Module({})
export class AppModule {
  static forRoot(config: UploadConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'product-upload-service',
          config,
          errorFormat: messageFormat,
          basePath: config.BASE_PATH,
          bodyLimits: [{ path: '/load-products', limit: '32mb' }],
        }),
        AuthModule.forRoot({
          schemes: UPLOAD_AUTH_SCHEMES,
          config: config.auth,
          realm: 'product-upload-service',
        }),
        PersistenceModule.forRoot({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          applicationName: 'product-upload-service',
        }),
      ],
      controllers: [WhoAmIController],
    };
  }
}
