import { Inject, Injectable } from '@nestjs/common';
import { ActiveConfiguration, type LoadedConfiguration } from '../snapshot';
import {
  CONFIGURATION_STORE,
  type ConfigurationStore,
  type VersionProvenance,
} from './configuration-store.port';
import {
  CONFIGURATION_DEFAULTS,
  swapIn,
  writeVersion,
  type ConfigurationDefaults,
  type ConfigurationOutcome,
} from './loaded-configuration';

/**
 * `PUT {base}/configuration`: validate the whole document and check what storage cannot hold (nothing written when
 * either fails), then in one transaction lock, replace the tables and upsert its `stock` and `usage` rows, read the
 * tables back, build them and record the new version; then swap the snapshot in.
 */
@Injectable()
export class ImportConfigurationUseCase {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
  ) {}

  /** `subject`: the principal's, recorded with the version. */
  async execute(document: unknown, subject: string): Promise<LoadedConfiguration> {
    return swapIn(this.active, await this.write(document, { subject, how: 'IMPORT', sourceVersion: null }));
  }

  /** Everything but the swap (`writeVersion`). */
  write(document: unknown, provenance: VersionProvenance): Promise<ConfigurationOutcome> {
    return writeVersion(this.store, this.defaults, document, provenance);
  }
}
