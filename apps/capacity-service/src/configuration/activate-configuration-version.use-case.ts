import { Inject, Injectable } from '@nestjs/common';
import { ActiveConfiguration, type LoadedConfiguration } from '../snapshot';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import { ConfigurationVersions } from './configuration-versions';
import {
  CONFIGURATION_DEFAULTS,
  swapIn,
  writeVersion,
  type ConfigurationDefaults,
} from './loaded-configuration';

/**
 * `POST {base}/configuration/versions/{version}/activation` (roll back): version `version`'s document is imported
 * again exactly as a `PUT` imports one (validate, storage check, one transaction that replaces the tables and records
 * the new version, announced to every replica), recorded as a `ROLLBACK` from `version`. A version's document holds
 * no `stock` or `usage` section, so stock and counters (operational data) stay as they are.
 */
@Injectable()
export class ActivateConfigurationVersionUseCase {
  constructor(
    private readonly versions: ConfigurationVersions,
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
  ) {}

  async execute(version: number, subject: string): Promise<LoadedConfiguration> {
    const { document } = await this.versions.stored(version);
    const provenance = { subject, how: 'ROLLBACK', sourceVersion: version } as const;
    return swapIn(this.active, await writeVersion(this.store, this.defaults, document, provenance));
  }
}
