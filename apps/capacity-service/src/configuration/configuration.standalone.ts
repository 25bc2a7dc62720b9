import { ConfigurationRepository } from '@delivery/capacity-data-access';
import type { Database } from '@delivery/persistence';
import { writeVersion, type ConfigurationDefaults, type ConfigurationOutcome } from './loaded-configuration';

/**
 * The configuration import outside a running app (the dev launcher, `npm run demo:reset`, benchmarks): the write of
 * `PUT {base}/configuration` on `database`, with no snapshot to swap in; versions are recorded as made by `subject`
 * (the tool's name).
 */
export function standaloneConfiguration(
  database: Database,
  defaults: ConfigurationDefaults,
  subject: string,
) {
  const repository = new ConfigurationRepository(database);
  return {
    hasConfiguration: (): Promise<boolean> => repository.hasConfiguration(),
    import: (document: unknown): Promise<ConfigurationOutcome> =>
      writeVersion(repository, defaults, document, { subject, how: 'IMPORT', sourceVersion: null }),
  };
}
