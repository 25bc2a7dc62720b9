export * from './product-upsert.repository';
export * from './product.repository';
export * from './product.topology';
export * from './upload-status.reader';
