export * from './capacity';
export * from './products';
