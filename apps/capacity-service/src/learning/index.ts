/** What the learning feature gives the app and the other features: its module, and the lane model it holds. */
export { LearningModule } from './learning.module';
export { LaneModelHolder } from './lane-model.holder';
