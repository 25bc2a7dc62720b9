import { DataSource, DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

export interface DataSourceSettings {
  url: string;
  /** connections in the pool (default 10) */
  poolSize?: number;
  applicationName?: string;
}

/**
 * The one way to reach Postgres: every app and tool builds its TypeORM data source here, from `DATABASE_URL`.
 * Migrations are listed but never run implicitly: `npm run migrate` (or the Kubernetes Job) runs them.
 */
export function dataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    applicationName: settings.applicationName,
    extra: { max: settings.poolSize ?? 10, connectionTimeoutMillis: 5000 },
  };
}

export function createDataSource(settings: DataSourceSettings): DataSource {
  return new DataSource(dataSourceOptions(settings));
}
