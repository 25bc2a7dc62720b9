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
import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { MetricsService, ReadinessRegistry } from '@delivery/platform';
import { createDataSource, DataSourceSettings } from './data-source';

export interface PersistenceOptions {
  /**
   * Whether the app is ready only while Postgres answers (default true). An app whose main operation does not use
   * Postgres (the upload service: P1.5) says false, so an outage does not take it out of its Service.
   */
  readonly gatesReadiness?: boolean;
}

const PERSISTENCE_OPTIONS = Symbol('PERSISTENCE_OPTIONS');

/**
 * Gives an app its TypeORM `DataSource` (injectable as `DataSource`), reports its pool as `pg_pool_*{pool="main"}`,
 * registers the Postgres readiness check (unless
 * `gatesReadiness` is false) and closes the pool last on shutdown. It never runs migrations (`npm run migrate` / the migration Job does).
 */
@Injectable()
class DataSourceLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
    @Inject(PERSISTENCE_OPTIONS) private readonly options: PersistenceOptions,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.observePool('main', (this.dataSource.driver as PostgresDriver).master as Pool);
    if (this.options.gatesReadiness === false) return;
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
  static forRoot(settings: DataSourceSettings, options: PersistenceOptions = {}): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [
        { provide: PERSISTENCE_OPTIONS, useValue: options },
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
