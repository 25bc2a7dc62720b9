import { Injectable } from '@nestjs/common';
import { ConfigurationHistoryUseCase } from './configuration-history.use-case';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import type { LoadedConfiguration } from './loaded-configuration';

/**
 * `POST {base}/configuration/versions/{version}/activation` (roll back): version `version`'s document is imported
 * again exactly as a `PUT` imports one (validate, storage check, one transaction that replaces the tables and records
 * the new version, announced to every replica), recorded as a `ROLLBACK` from `version`. A version's document holds
 * no `stock` or `usage` section, so stock and counters (operational data) stay as they are.
 */
@Injectable()
export class ActivateConfigurationVersionUseCase {
  constructor(
    private readonly history: ConfigurationHistoryUseCase,
    private readonly importer: ImportConfigurationUseCase,
  ) {}

  async execute(version: number, subject: string): Promise<LoadedConfiguration> {
    const { document } = await this.history.stored(version);
    return this.importer.activate(
      await this.importer.write(document, { subject, how: 'ROLLBACK', sourceVersion: version }),
    );
  }
}
