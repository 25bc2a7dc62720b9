import { Inject, Injectable } from '@nestjs/common';
import { validateConfigurationInSlices } from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import { ActiveConfiguration } from './active-configuration';
import { configurationInvalid } from './configuration-invalid.error';
import {
  CONFIGURATION_STORE,
  type ConfigurationStore,
  type VersionProvenance,
} from './configuration-store.port';
import {
  CONFIGURATION_DEFAULTS,
  recordTables,
  type ConfigurationDefaults,
  type ConfigurationOutcome,
  type LoadedConfiguration,
} from './loaded-configuration';

/**
 * `PUT {base}/configuration`: validate the whole document and check what storage cannot hold (nothing written when
 * either fails), then in one transaction lock, replace the tables and upsert its `stock` and `usage` rows, read the
 * tables back, build them and record the new version; then swap the snapshot in.
 */
@Injectable()
export class ImportConfigurationUseCase {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
  ) {}

  /** `subject`: the principal's, recorded with the version. */
  async execute(document: unknown, subject: string): Promise<LoadedConfiguration> {
    return this.activate(await this.write(document, { subject, how: 'IMPORT', sourceVersion: null }));
  }

  /** Swaps a written version in (the 400 when there is none). Also the end of a rollback. */
  activate(outcome: ConfigurationOutcome): LoadedConfiguration {
    if (!outcome.ok) throw configurationInvalid(outcome.errors);
    this.active.offer(outcome.configuration);
    return outcome.configuration;
  }

  /**
   * Everything but the swap: the new version, recorded with `provenance`, or every problem of the document (nothing
   * written then).
   */
  async write(document: unknown, provenance: VersionProvenance): Promise<ConfigurationOutcome> {
    // validation only: the snapshot is built once, from what the tables hold after the write
    const validated = await validateConfigurationInSlices(document, this.defaults, eventLoopPacer());
    if (!validated.ok) return validated;
    const problems = await this.store.storageProblems(document, validated, eventLoopPacer());
    if (problems.length > 0) return { ok: false, errors: problems };
    return this.store.transaction(async (steps) => {
      await steps.lock();
      await steps.replaceTables(validated.document, timezoneGiven(document));
      if (validated.stock !== null) await steps.upsertStock(validated.stock);
      if (validated.usage !== null) await steps.upsertUsage(validated.usage);
      const loaded = await recordTables(steps, this.defaults, provenance);
      if (!loaded.ok) {
        throw new Error(
          `an imported configuration did not read back valid: ${JSON.stringify(loaded.errors)}`,
        );
      }
      return loaded;
    });
  }
}

/** A document without `settings.timezone` keeps following TZ_BUSINESS (E1.1): the column stays null. */
function timezoneGiven(document: unknown): boolean {
  const settings = (document as { settings?: unknown }).settings;
  return (
    typeof settings === 'object' &&
    settings !== null &&
    typeof (settings as { timezone?: unknown }).timezone === 'string'
  );
}
