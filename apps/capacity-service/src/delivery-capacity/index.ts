/** What the delivery-capacity feature gives the others (through DeliveryCapacityModule's exports). */
export { CapacityCalculator } from './capacity-calculator';
export { CapacityRequestPipe } from './capacity-request.pipe';
export { DeliveryCapacityModule } from './delivery-capacity.module';
