export * from './capacity';
export * from './products';
export * from './outcomes';
