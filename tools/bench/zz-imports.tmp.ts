export { CapacityCalculator } from '../../apps/capacity-service/src/delivery-capacity/capacity-calculator';
export { ActiveConfiguration } from '../../apps/capacity-service/src/snapshot/active-configuration';
export { CapacityMetrics } from '../../apps/capacity-service/src/snapshot/capacity.metrics';
export { PromiseBacktest } from '../../apps/capacity-service/src/configuration/promise-backtest';
