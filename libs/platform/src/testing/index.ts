export * from './app-process';
export * from './load-during-shutdown';
export * from './seeded-random';
