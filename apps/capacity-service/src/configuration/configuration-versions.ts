import { Inject, Injectable } from '@nestjs/common';
import { validateConfigurationInSlices, type ConfigurationDocument } from '@delivery/capacity-domain';
import type { ErrorResponseCode } from '@delivery/contracts';
import { ApiError } from '@delivery/platform';
import { newPacer, type LoadedConfiguration } from '../snapshot';
import {
  CONFIGURATION_STORE,
  type ConfigurationStore,
  type StoredConfiguration,
} from './configuration-store.port';
import { CONFIGURATION_DEFAULTS, snapshotOf, type ConfigurationDefaults } from './loaded-configuration';

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
 * One recorded version, read as the use cases need it: as stored, validated (its document with every default
 * filled in), or built into a snapshot as a replica builds it; 404 when there is none.
 */
@Injectable()
export class ConfigurationVersions {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
  ) {}

  /** Version `version` as stored. */
  async stored(version: number): Promise<StoredConfiguration> {
    const stored = await this.store.version(version);
    if (stored === null) throw versionNotFound(version);
    return stored;
  }

  /**
   * Version `version` validated as a replica validates it, with every default filled in: the document its snapshot
   * would export, without building the snapshot (a 100k-route one is hundreds of MB).
   */
  async document(version: number): Promise<ConfigurationDocument> {
    const stored = await this.stored(version);
    const validated = await validateConfigurationInSlices(stored.document, this.defaults, newPacer());
    if (!validated.ok) throw doesNotValidate(version, validated.errors);
    return validated.document;
  }

  /** Version `version` built into a snapshot. */
  async built(version: number): Promise<LoadedConfiguration> {
    const stored = await this.stored(version);
    const built = await snapshotOf(stored.document, this.defaults);
    if (!built.ok) throw doesNotValidate(version, built.errors);
    return { version: stored.version, loadedAt: stored.loadedAt, snapshot: built.snapshot };
  }
}
