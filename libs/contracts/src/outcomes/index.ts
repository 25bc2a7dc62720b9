export * from './outcome-event.schema';
export * from './outcome-events.validator';
export * from './outcome-events.response';
export * from './outcome-events.examples';
export * from './delivery-accuracy.request';
export * from './delivery-accuracy.response';
export * from './lead-time-suggestions.dto';
export * from './promise-calibration.dto';
