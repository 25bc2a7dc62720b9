import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
import { MetricsService, ReadinessRegistry } from '@delivery/platform';
import { Database, DatabaseSettings } from './database';

export interface PersistenceOptions {
  /**
   * Whether the app is ready only while Postgres answers (default true). An app whose main operation does not use
   * Postgres (the upload service: P1.5) says false, so an outage does not take it out of its Service.
   */
  readonly gatesReadiness?: boolean;
  /**
   * A second pool for a few named statements run under load (`hotStatements`: generic plans, idle connections
   * kept), injectable as `READ_DATABASE` and reported as `pg_pool_*{pool=<name>}`. Its own connections also mean
   * a long write on the main pool never makes these reads wait for a connection.
   */
  readonly readPool?: { readonly name: string; readonly applicationName: string };
}

/** The second, read pool (PersistenceOptions.readPool). The main one is injected as `Database`. */
export const READ_DATABASE = Symbol('READ_DATABASE');

const PERSISTENCE_OPTIONS = Symbol('PERSISTENCE_OPTIONS');

/**
 * Reports the pools as `pg_pool_*{pool="main"}` (and the read pool's name), registers the Postgres readiness check
 * (unless `gatesReadiness` is false) and closes the pools last on shutdown.
 */
@Injectable()
class DatabaseLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly database: Database,
    @Optional() @Inject(READ_DATABASE) private readonly readDatabase: Database | undefined,
    private readonly readiness: ReadinessRegistry,
    @Inject(PERSISTENCE_OPTIONS) private readonly options: PersistenceOptions,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.observePool('main', this.database.pool);
    if (this.readDatabase !== undefined && this.options.readPool !== undefined) {
      this.metrics.observePool(this.options.readPool.name, this.readDatabase.pool);
    }
    if (this.options.gatesReadiness === false) return;
    this.readiness.register('postgres', () => this.database.ping());
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.database.close(), this.readDatabase?.close()]);
  }
}

/**
 * Gives an app its `Database` (one `pg` pool from `DATABASE_URL`) and, when asked, the read pool. It never runs
 * migrations (`npm run migrate` / the migration Job does).
 */
@Global()
@Module({})
export class PersistenceModule {
  static forRoot(settings: DatabaseSettings, options: PersistenceOptions = {}): DynamicModule {
    const readPool = options.readPool;
    return {
      module: PersistenceModule,
      providers: [
        { provide: PERSISTENCE_OPTIONS, useValue: options },
        {
          provide: Database,
          useFactory: async () => {
            const database = new Database(settings);
            // the first connection is opened at start-up: a database that cannot be reached stops the boot
            await database.ping().catch(async (error: unknown) => {
              await database.close();
              throw error;
            });
            return database;
          },
        },
        ...(readPool === undefined
          ? []
          : [
              {
                provide: READ_DATABASE,
                useFactory: () =>
                  new Database({
                    ...settings,
                    applicationName: readPool.applicationName,
                    hotStatements: true,
                  }),
              },
            ]),
        DatabaseLifecycle,
      ],
      exports: readPool === undefined ? [Database] : [Database, READ_DATABASE],
    };
  }
}
