export * from './capacity';
export * from './products';
export * from './outcomes';
export * from './page.parameter';
export * from './instant.parser';
export * from './validation.vocabulary';
