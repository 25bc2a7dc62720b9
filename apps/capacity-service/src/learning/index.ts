/** What the learning feature gives the app and the other features: its module, and the lane model's port. */
export { LearningModule } from './learning.module';
export { LANE_MODEL, type LaneModelSource } from './lane-model.port';
