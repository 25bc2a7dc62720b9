import { Inject, Injectable } from '@nestjs/common';
import { validateConfigurationInSlices, type ConfigurationDocument } from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import { ApiError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';
import {
  CONFIGURATION_STORE,
  type ConfigurationStore,
  type StoredConfiguration,
  type VersionRecord,
} from './configuration-store.port';
import {
  CONFIGURATION_DEFAULTS,
  snapshotOf,
  type ConfigurationDefaults,
  type LoadedConfiguration,
} from './loaded-configuration';

/** `404 NOT_FOUND` for a version that was never recorded (or was removed by the retention). */
export function versionNotFound(version: number | string): ApiError<ErrorResponseCode> {
  return new ApiError<ErrorResponseCode>(404, 'NOT_FOUND', `No configuration version ${version}`, {
    version: String(version),
  });
}

/** A recorded version that this build's rules refuse: a fault of the service, not of the request (500). */
function doesNotValidate(version: number, errors: unknown): Error {
  return new Error(`configuration version ${version} does not validate here: ${JSON.stringify(errors)}`);
}

/**
 * The recorded versions (`GET {base}/configuration/versions[/{version}]`): a page of the history, newest first, and
 * one version built as a replica would build it (its document validated and built in slices).
 */
@Injectable()
export class ConfigurationHistoryUseCase {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
  ) {}

  /** Up to `limit` versions older than `before` (null: from the newest), and the active (newest) version. */
  list(before: number | null, limit: number): Promise<{ versions: VersionRecord[]; newest: number }> {
    return this.store.history(before, limit);
  }

  /** Version `version` as stored; 404 when there is none. */
  async stored(version: number): Promise<StoredConfiguration> {
    const stored = await this.store.version(version);
    if (stored === null) throw versionNotFound(version);
    return stored;
  }

  /**
   * Version `version` validated as a replica validates it, with every default filled in: the document its snapshot
   * would export, without building the snapshot (a 100k-route one is hundreds of MB); 404 when there is none.
   */
  async document(version: number): Promise<ConfigurationDocument> {
    const stored = await this.stored(version);
    const validated = await validateConfigurationInSlices(stored.document, this.defaults, eventLoopPacer());
    if (!validated.ok) throw doesNotValidate(version, validated.errors);
    return validated.document;
  }

  /** Version `version` built into a snapshot; 404 when there is none. */
  async get(version: number): Promise<LoadedConfiguration> {
    const stored = await this.stored(version);
    const built = await snapshotOf(stored.document, this.defaults);
    if (!built.ok) throw doesNotValidate(version, built.errors);
    return { version: stored.version, loadedAt: stored.loadedAt, snapshot: built.snapshot };
  }
}
