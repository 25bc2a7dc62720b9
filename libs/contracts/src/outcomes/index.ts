export * from './outcome-event.schema';
export * from './outcome-events.validator';
