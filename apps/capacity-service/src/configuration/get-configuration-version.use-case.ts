import { Injectable } from '@nestjs/common';
import type { LoadedConfiguration } from '../snapshot';
import { ConfigurationVersions } from './configuration-versions';

/** `GET {base}/configuration/versions/{version}`: one recorded version, built as a replica would build it. */
@Injectable()
export class GetConfigurationVersionUseCase {
  constructor(private readonly versions: ConfigurationVersions) {}

  execute(version: number): Promise<LoadedConfiguration> {
    return this.versions.built(version);
  }
}
