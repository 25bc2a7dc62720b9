import { Injectable } from '@nestjs/common';
import {
  diffConfigurations,
  runInSlices,
  snapshotToDocumentInSlices,
  type ConfigurationChanges,
  type Snapshot,
} from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import { ActiveConfiguration } from './active-configuration';
import { ConfigurationHistoryUseCase } from './configuration-history.use-case';

/**
 * `GET {base}/configuration/versions/{version}/changes?since={other}`: what changes from version `since` to version
 * `version`, both built as a replica builds them (so defaults are filled alike) and compared in slices. Symmetric:
 * a `since` newer than `version` answers what going back to `version` changes. The active version is not built
 * again: its snapshot is the one in memory, built from the same document.
 */
@Injectable()
export class CompareConfigurationVersionsUseCase {
  constructor(
    private readonly history: ConfigurationHistoryUseCase,
    private readonly active: ActiveConfiguration,
  ) {}

  async execute(version: number, since: number, limit: number): Promise<ConfigurationChanges> {
    const pacer = eventLoopPacer();
    const before = await snapshotToDocumentInSlices(await this.snapshot(since), pacer);
    const after = await snapshotToDocumentInSlices(await this.snapshot(version), pacer);
    return runInSlices(diffConfigurations(before, after, limit), pacer);
  }

  private async snapshot(version: number): Promise<Snapshot> {
    const active = this.active.peek();
    return active?.version === version ? active.snapshot : (await this.history.get(version)).snapshot;
  }
}
