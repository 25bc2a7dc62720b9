import { Injectable } from '@nestjs/common';
import { ConfigurationStore, LoadedConfiguration } from '@delivery/persistence';
import { ActiveConfiguration } from './active-configuration';
import { configurationInvalid } from './configuration-invalid.error';

/**
 * `PUT {base}/configuration`: validate the whole document (nothing written when invalid), replace the tables and
 * load them as a new version in one transaction, then swap the snapshot in.
 */
@Injectable()
export class ImportConfigurationUseCase {
  constructor(
    private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
  ) {}

  async execute(document: unknown): Promise<LoadedConfiguration> {
    const outcome = await this.store.import(document);
    if (!outcome.ok) throw configurationInvalid(outcome.errors);
    this.active.offer(outcome.configuration);
    return outcome.configuration;
  }
}
