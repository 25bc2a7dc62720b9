export * from './capacity';
export * from './products';
export * from './outcomes';
export * from './page.parameter';
