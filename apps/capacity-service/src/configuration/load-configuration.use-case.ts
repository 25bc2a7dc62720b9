import { Injectable } from '@nestjs/common';
import { ConfigurationStore, LoadedConfiguration } from '@delivery/persistence';
import { ActiveConfiguration } from './active-configuration';
import { configurationInvalid } from './configuration-invalid.error';

/**
 * `POST {base}/configuration/load`: rebuild the snapshot from the tables, validate it, record a version (which
 * notifies the other replicas) and swap it in. Invalid tables: 400 and the active snapshot stays.
 */
@Injectable()
export class LoadConfigurationUseCase {
  constructor(
    private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
  ) {}

  async execute(): Promise<LoadedConfiguration> {
    const outcome = await this.store.load();
    if (!outcome.ok) throw configurationInvalid(outcome.errors);
    this.active.offer(outcome.configuration);
    return outcome.configuration;
  }
}
