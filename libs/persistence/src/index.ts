export * from './capacity';
export * from './data-source';
export * from './database-url';
export * from './migrate';
export * from './persistence.module';
export * from './products';
export * from './reservations';
