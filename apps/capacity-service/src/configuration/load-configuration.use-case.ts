import { Inject, Injectable } from '@nestjs/common';
import { ActiveConfiguration } from './active-configuration';
import { configurationInvalid } from './configuration-invalid.error';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import {
  CONFIGURATION_DEFAULTS,
  recordTables,
  type ConfigurationDefaults,
  type ConfigurationOutcome,
  type LoadedConfiguration,
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
    const outcome = await this.load(subject);
    if (!outcome.ok) throw configurationInvalid(outcome.errors);
    this.active.offer(outcome.configuration);
    return outcome.configuration;
  }

  /** Everything but the swap. */
  load(subject: string): Promise<ConfigurationOutcome> {
    return this.store.transaction(async (steps) => {
      await steps.lock();
      return recordTables(steps, this.defaults, { subject, how: 'LOAD', sourceVersion: null });
    });
  }
}
