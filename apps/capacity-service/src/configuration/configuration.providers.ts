/** The configuration feature's adapters, bound to the ports its use cases declare. */
import type { Provider } from '@nestjs/common';
import { ConfigurationRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { CAPACITY_CONFIG, type CapacityConfig } from '../capacity.config';
import { ActiveConfiguration } from './active-configuration';
import { ConfigurationSync } from './configuration-sync.service';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import { ActivateConfigurationVersionUseCase } from './activate-configuration-version.use-case';
import { ConfigurationHistoryUseCase } from './configuration-history.use-case';
import { CompareConfigurationVersionsUseCase } from './compare-configuration-versions.use-case';
import { PreviewConfigurationUseCase } from './preview-configuration.use-case';
import { ConfigurationRetention } from './configuration-retention.service';
import { LoadConfigurationUseCase } from './load-configuration.use-case';
import { CONFIGURATION_DEFAULTS, type ConfigurationDefaults } from './loaded-configuration';

export const CONFIGURATION_PROVIDERS: Provider[] = [
  {
    provide: CONFIGURATION_STORE,
    inject: [Database],
    useFactory: (database: Database): ConfigurationStore => new ConfigurationRepository(database),
  },
  {
    provide: CONFIGURATION_DEFAULTS,
    inject: [CAPACITY_CONFIG],
    useFactory: (config: CapacityConfig): ConfigurationDefaults => ({ timezone: config.TZ_BUSINESS }),
  },
  ActiveConfiguration,
  ConfigurationSync,
  LoadConfigurationUseCase,
  ImportConfigurationUseCase,
  ConfigurationHistoryUseCase,
  ActivateConfigurationVersionUseCase,
  CompareConfigurationVersionsUseCase,
  PreviewConfigurationUseCase,
  ConfigurationRetention,
];
