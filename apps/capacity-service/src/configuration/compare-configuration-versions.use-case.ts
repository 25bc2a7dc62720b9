import { Injectable } from '@nestjs/common';
import {
  diffConfigurations,
  runInSlices,
  snapshotToDocumentInSlices,
  type ConfigurationChanges,
} from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import { ConfigurationHistoryUseCase } from './configuration-history.use-case';

/**
 * `GET {base}/configuration/versions/{version}/changes?since={other}`: what changes from version `since` to version
 * `version`, both built as a replica builds them (so defaults are filled alike) and compared in slices. Symmetric:
 * a `since` newer than `version` answers what going back to `version` changes.
 */
@Injectable()
export class CompareConfigurationVersionsUseCase {
  constructor(private readonly history: ConfigurationHistoryUseCase) {}

  async execute(version: number, since: number, limit: number): Promise<ConfigurationChanges> {
    const pacer = eventLoopPacer();
    const before = await snapshotToDocumentInSlices((await this.history.get(since)).snapshot, pacer);
    const after = await snapshotToDocumentInSlices((await this.history.get(version)).snapshot, pacer);
    return runInSlices(diffConfigurations(before, after, limit), pacer);
  }
}
