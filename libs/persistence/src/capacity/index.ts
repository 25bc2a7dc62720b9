export * from './calculation-data.reader';
export * from './capacity-counter.repository';
export * from './configuration-change.listener';
export * from './configuration-storage.limits';
export * from './configuration.store';
export * from './configuration-version.repository';
export * from './queryable';
export * from './stock-level.repository';
