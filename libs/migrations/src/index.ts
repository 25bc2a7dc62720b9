export * from './migrate';
