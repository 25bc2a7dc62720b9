import { Module } from '@nestjs/common';
import { ConfigurationRepository, RecordedPromisesReader } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { DeliveryCapacityModule } from '../delivery-capacity';
import { ReservationRiskModule } from '../reservation-risk';
import { ActivateConfigurationVersionUseCase } from './activate-configuration-version.use-case';
import { CompareConfigurationVersionsUseCase } from './compare-configuration-versions.use-case';
import { ConfigurationRetention } from './configuration-retention.service';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import { ConfigurationSync } from './configuration-sync.service';
import { ConfigurationVersions } from './configuration-versions';
import { ConfigurationVersionsController } from './configuration-versions.controller';
import { ConfigurationController } from './configuration.controller';
import { GetConfigurationVersionUseCase } from './get-configuration-version.use-case';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import { ListConfigurationVersionsUseCase } from './list-configuration-versions.use-case';
import { LoadConfigurationUseCase } from './load-configuration.use-case';
import { CONFIGURATION_DEFAULTS, type ConfigurationDefaults } from './loaded-configuration';
import { PreviewConfigurationUseCase } from './preview-configuration.use-case';
import { PromiseBacktest } from './promise-backtest';
import { RECORDED_PROMISES, type RecordedPromises } from './recorded-promises.port';

/**
 * The configuration: import, load, versions (history, roll back, compare), preview, the replica's sync and the
 * retention. Swaps versions into the snapshot module's `ActiveConfiguration`; the preview runs the engine through
 * the delivery-capacity module's `CapacityCalculator` and checks its requests with its `CapacityRequestPipe`; its
 * backtest reads the recorded promises (`RECORDED_PROMISES`, the outcomes' tables).
 */
@Module({
  imports: [DeliveryCapacityModule, ReservationRiskModule],
  controllers: [ConfigurationController, ConfigurationVersionsController],
  providers: [
    {
      provide: CONFIGURATION_STORE,
      inject: [Database],
      useFactory: (database: Database): ConfigurationStore => new ConfigurationRepository(database),
    },
    {
      provide: RECORDED_PROMISES,
      inject: [Database],
      useFactory: (database: Database): RecordedPromises => new RecordedPromisesReader(database),
    },
    {
      provide: CONFIGURATION_DEFAULTS,
      inject: [CAPACITY_CONFIG],
      useFactory: (config: CapacityConfig): ConfigurationDefaults => ({ timezone: config.TZ_BUSINESS }),
    },
    ConfigurationVersions,
    ConfigurationSync,
    LoadConfigurationUseCase,
    ImportConfigurationUseCase,
    ListConfigurationVersionsUseCase,
    GetConfigurationVersionUseCase,
    ActivateConfigurationVersionUseCase,
    CompareConfigurationVersionsUseCase,
    PreviewConfigurationUseCase,
    PromiseBacktest,
    ConfigurationRetention,
  ],
})
export class ConfigurationModule {}
