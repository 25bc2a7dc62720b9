export * from './swagger';
