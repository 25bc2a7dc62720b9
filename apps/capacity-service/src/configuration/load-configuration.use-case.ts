import { Inject, Injectable } from '@nestjs/common';
import { ActiveConfiguration, type LoadedConfiguration } from '../snapshot';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import {
  CONFIGURATION_DEFAULTS,
  recordTables,
  swapIn,
  type ConfigurationDefaults,
  type ConfigurationOutcome,
} from './loaded-configuration';

/**
 * `POST {base}/configuration/load`: in one transaction lock, rebuild the snapshot from the tables, validate it and
 * record a version (which notifies the other replicas); then swap it in. Invalid tables: 400, nothing recorded,
 * and the active snapshot stays.
 */
@Injectable()
export class LoadConfigurationUseCase {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
  ) {}

  /** `subject`: the principal's, recorded with the version. */
  async execute(subject: string): Promise<LoadedConfiguration> {
    return swapIn(this.active, await this.load(subject));
  }

  /** Everything but the swap. */
  load(subject: string): Promise<ConfigurationOutcome> {
    return this.store.transaction(async (steps) => {
      await steps.lock();
      return recordTables(steps, this.defaults, { subject, how: 'LOAD', sourceVersion: null });
    });
  }
}
