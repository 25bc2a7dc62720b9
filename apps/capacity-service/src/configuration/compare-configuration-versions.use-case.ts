import { Injectable } from '@nestjs/common';
import {
  diffConfigurations,
  runInSlices,
  snapshotToDocumentInSlices,
  type ConfigurationChanges,
  type ConfigurationDocument,
} from '@delivery/capacity-domain';
import { ActiveConfiguration, newPacer } from '../snapshot';
import { ConfigurationVersions } from './configuration-versions';

/**
 * `GET {base}/configuration/versions/{version}/changes?since={other}`: what changes from version `since` to version
 * `version`, both validated as a replica validates them (so defaults are filled alike) and compared in slices.
 * Symmetric: a `since` newer than `version` answers what going back to `version` changes. No snapshot is built: a
 * stored version's validated document is what its snapshot would export, and the active version is exported from
 * the snapshot in memory.
 */
@Injectable()
export class CompareConfigurationVersionsUseCase {
  constructor(
    private readonly versions: ConfigurationVersions,
    private readonly active: ActiveConfiguration,
  ) {}

  async execute(version: number, since: number, limit: number): Promise<ConfigurationChanges> {
    const before = await this.document(since);
    const after = await this.document(version);
    return runInSlices(diffConfigurations(before, after, limit), newPacer());
  }

  private async document(version: number): Promise<ConfigurationDocument> {
    const active = this.active.peek();
    return active?.version === version
      ? snapshotToDocumentInSlices(active.snapshot, newPacer())
      : this.versions.document(version);
  }
}
