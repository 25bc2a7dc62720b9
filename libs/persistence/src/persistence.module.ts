import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadinessRegistry } from '@delivery/platform';
import { createDataSource, DataSourceSettings } from './data-source';

/**
 * Gives an app its TypeORM `DataSource` (injectable as `DataSource`), registers the Postgres readiness check and
 * closes the pool last on shutdown. It never runs migrations (`npm run migrate` / the migration Job does).
 */
@Injectable()
class DataSourceLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('postgres', async () => {
      await this.dataSource.query('SELECT 1');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

@Global()
@Module({})
export class PersistenceModule {
  static forRoot(settings: DataSourceSettings): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = createDataSource(settings);
            await dataSource.initialize();
            return dataSource;
          },
        },
        DataSourceLifecycle,
      ],
      exports: [DataSource],
    };
  }
}
