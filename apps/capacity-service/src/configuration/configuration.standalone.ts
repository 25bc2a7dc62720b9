import { ConfigurationRepository } from '@delivery/capacity-data-access';
import type { Database } from '@delivery/persistence';
import { MetricsService } from '@delivery/platform';
import { CapacityMetrics } from '../capacity.metrics';
import { ActiveConfiguration } from './active-configuration';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import type { ConfigurationDefaults, ConfigurationOutcome } from './loaded-configuration';

/**
 * The configuration import outside a running app (the dev launcher, `npm run demo:reset`, benchmarks): the same use
 * case as `PUT {base}/configuration` on `database`, with no snapshot to swap in; versions are recorded as made by
 * `subject` (the tool's name).
 */
export function standaloneConfiguration(
  database: Database,
  defaults: ConfigurationDefaults,
  subject: string,
) {
  const repository = new ConfigurationRepository(database);
  const active = new ActiveConfiguration(new CapacityMetrics(new MetricsService()));
  const importer = new ImportConfigurationUseCase(repository, active, defaults);
  return {
    hasConfiguration: (): Promise<boolean> => repository.hasConfiguration(),
    import: (document: unknown): Promise<ConfigurationOutcome> =>
      importer.write(document, { subject, how: 'IMPORT', sourceVersion: null }),
  };
}
