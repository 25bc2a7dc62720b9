import { Module } from '@nestjs/common';
import { LaneModelRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { LaneModelHolder } from './lane-model.holder';
import { LaneModelRefreshController } from './lane-model-refresh.controller';
import { LaneModelMetrics } from './lane-model.metrics';
import { LANE_MODEL_STORE, type LaneModelStore } from './lane-model-store.port';
import { LEARNING_OPTIONS, learningOptions } from './learning.options';
import { LearningTasks } from './learning.tasks';
import { RefreshLaneModelUseCase } from './refresh-lane-model.use-case';

/**
 * The lane model (docs/learning.md): learned from the recorded outcomes by one replica at a time, stored as
 * versions, held by every replica; a refresh may also be asked over HTTP (`POST {base}/delivery/lane-model/refresh`).
 * Gives the app the model held (`LaneModelHolder`), which it binds to the calculation's `LANE_MODELS`.
 */
@Module({
  controllers: [LaneModelRefreshController],
  providers: [
    {
      provide: LANE_MODEL_STORE,
      inject: [Database],
      useFactory: (database: Database): LaneModelStore => new LaneModelRepository(database),
    },
    {
      provide: LEARNING_OPTIONS,
      inject: [CAPACITY_CONFIG],
      useFactory: (config: CapacityConfig) => learningOptions(config),
    },
    LaneModelHolder,
    RefreshLaneModelUseCase,
    LaneModelMetrics,
    LearningTasks,
  ],
  exports: [LaneModelHolder],
})
export class LearningModule {}
