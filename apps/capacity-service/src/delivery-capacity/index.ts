/** What the delivery-capacity feature gives the others (through DeliveryCapacityModule's exports). */
export { CapacityCalculator } from './capacity-calculator';
export { CapacityRequestPipe } from './capacity-request.pipe';
export {
  DeliveryCapacityExplanationModule,
  DeliveryCapacityModule,
  LaneModelsModule,
} from './delivery-capacity.module';
export { LANE_MODELS, NO_LANE_MODELS, type LaneModelSource } from './lane-models.port';
export { ROUTE_ON_TIME, type RouteOnTimeSource } from './route-on-time.port';
