import { Inject, Injectable } from '@nestjs/common';
import { CONFIGURATION_STORE, type ConfigurationStore, type VersionRecord } from './configuration-store.port';

/** `GET {base}/configuration/versions`: a page of the recorded versions, newest first. */
@Injectable()
export class ListConfigurationVersionsUseCase {
  constructor(@Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore) {}

  /** Up to `limit` versions older than `before` (null: from the newest), and the active (newest) version. */
  execute(before: number | null, limit: number): Promise<{ versions: VersionRecord[]; newest: number }> {
    return this.store.history(before, limit);
  }
}
